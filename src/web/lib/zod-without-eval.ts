// Zod compiles its object parsers with `new Function` where a page allows it, and probes for that on the first
// schema. The Content-Security-Policy forbids eval, so the probe shows up as a CSP violation in the console. Zod's
// `config({ jitless: true })` turns that off, but importing it puts Zod's core in the app's first chunk
// (+4 kB gzip), so this fills in the global object `config` writes to; zod-without-eval.test.ts checks Zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
export {};
