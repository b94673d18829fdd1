import { enableCompileCache } from 'node:module';
import { ensureServerBuild } from './server-build.ts';
import { ensureWebBuild } from './web-build.ts';

// Later starts reuse V8's compiled code of the server's modules (kept in the system's temporary directory).
enableCompileCache();

process.env.NODE_ENV ??= 'production';
ensureWebBuild();
await import(await ensureServerBuild('server'));
