/**
 * A second process writing the bench's SQLite file: short write transactions, back to back,
 * holding the write lock most of the time (the situation of issue 17's "locks" figure).
 * argv: file, milliseconds. Sends 'writing' once it started and { transactions } at the end.
 */
import SQLite from 'better-sqlite3';

const [file, millis] = process.argv.slice(2);
const db = new SQLite(file!);
db.pragma('busy_timeout = 5000');
db.exec('create table if not exists bench_other_writer (n integer)');
const insert = db.prepare('insert into bench_other_writer (n) values (?)');
const until = Date.now() + Number(millis);
let transactions = 0;
process.send?.('writing');
const spin = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // hold the lock (or leave a short gap) without yielding
  }
};
while (Date.now() < until) {
  db.exec('begin immediate');
  insert.run(transactions++);
  spin(15);
  db.exec('commit');
  spin(2);
}
db.close();
process.send?.({ transactions });
