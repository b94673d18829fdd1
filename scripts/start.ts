import { ensureWebBuild } from './web-build.ts';

process.env.NODE_ENV ??= 'production';
ensureWebBuild();
await import('../src/server/server.ts');
