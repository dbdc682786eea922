import { SerializerSelector, type SerializerCompiler, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own serializer factory (fast-json-stringify), but each route's response serializer
 * is compiled on the route's first answer instead of at start. Compiling all of them (a few
 * hundred route × status schemas) was the largest single cost of a start; a route that is
 * never called never pays it, and one that is pays a few milliseconds once. What is sent is
 * unchanged: the same schemas, the same compiler, the same options.
 */
export function lazySerializerFactory(): SerializerFactory {
  const buildSerializer = SerializerSelector();
  return (externalSchemas, options) => {
    const compile: SerializerCompiler = buildSerializer(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => (serialize ??= compile(route))(doc);
    };
  };
}
