// A module, so that it may await at the top level.
export {};

process.env.NODE_ENV ??= 'production';
await import('../src/server/worker.ts');
