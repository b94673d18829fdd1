import { ensureServerBuild } from './server-build.ts';
import { ensureWebBuild } from './web-build.ts';

process.env.NODE_ENV ??= 'production';
ensureWebBuild();
await import(await ensureServerBuild('server'));
