import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/api-paths.js';
import { send } from '../http/error-handler.js';

/**
 * Serves the built client (vite outDir) on the API's port. Unknown GETs outside the API get
 * index.html (the client's router decides); everything else is a 404 envelope.
 */
export async function registerStaticClient(app: FastifyInstance): Promise<void> {
  const clientDir = app.config.clientDir;
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    if (hasClient && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return send(request, reply, 'notFound');
  });
}
