import type { Kysely } from 'kysely';

/**
 * Messages to people: a message (an organiser's or an automatic one) and one row per recipient
 * and channel. The row is the queue: a worker claims due rows with a lease, marks one `sending`
 * before it hands it to the transport and `sent` after, so a crash can never send it twice.
 * Unique per (message, recipient, channel): an expansion resumed after a crash adds nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('subject_zh', 'text', (c) => c.notNull())
    .addColumn('subject_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('audience', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expand_cursor', 'text')
    .addColumn('expand_owner', 'text')
    .addColumn('expand_lease_until', 'text')
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_edition_created').on('messages').columns(['edition_id', 'created_at']).execute();
  await db.schema.createIndex('messages_state').on('messages').columns(['state']).execute();
  await db.schema
    .createTable('message_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('recipient_key', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address_sealed', 'text', (c) => c.notNull())
    .addColumn('address_masked', 'text', (c) => c.notNull())
    .addColumn('vars', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('message_recipients_once', ['message_id', 'recipient_key', 'channel'])
    .execute();
  await db.schema.createIndex('message_recipients_due').on('message_recipients').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('message_recipients_message').on('message_recipients').columns(['message_id', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_recipients').execute();
  await db.schema.dropTable('messages').execute();
}
