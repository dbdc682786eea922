// The start-up baseline: a bare Fastify answering one JSON route, started with plain node.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ code: 200, msg: 'ok', data: null }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
