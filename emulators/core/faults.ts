import { z } from 'zod';

export const faultSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    status: z.number().int().min(100).max(599).optional(),
    retryAfter: z.number().int().min(0).optional(),
    /** Replaces the response body with this text, e.g. to answer with invalid JSON. */
    body: z.string().optional(),
    /** An API method name (Slack: `search.messages`) or an HTTP method (`GET`). */
    method: z.string().min(1).optional(),
    /** The request path; `*` matches any run of characters. */
    path: z.string().startsWith('/').optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict();

export type Fault = z.infer<typeof faultSchema>;

export interface FaultTarget {
  httpMethod: string;
  path: string;
  apiMethod?: string;
}

function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

function faultMatches(fault: Fault, target: FaultTarget): boolean {
  if (fault.method && fault.method !== target.apiMethod && fault.method.toUpperCase() !== target.httpMethod) {
    return false;
  }
  return !fault.path || pathMatches(fault.path, target.path);
}

/** Faults a test has asked for, each spent after `times` matching calls (or kept until cleared). */
export class FaultList {
  private faults: { fault: Fault; remaining: number }[] = [];

  add(fault: Fault): void {
    this.faults.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching this call, counted as used. */
  take(target: FaultTarget): Fault | undefined {
    const entry = this.faults.find((candidate) => faultMatches(candidate.fault, target));
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== entry);
    return entry.fault;
  }
}
