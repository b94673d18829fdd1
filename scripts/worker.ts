import { ensureServerBuild } from './server-build.ts';

process.env.NODE_ENV ??= 'production';
await import(await ensureServerBuild('worker'));
