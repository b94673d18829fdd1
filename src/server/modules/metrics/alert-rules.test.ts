import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { createMetrics } from './metrics.ts';

/**
 * docs/alerts/matome.rules.yml in Prometheus' rule-file format (promtool is not installable here): the fields
 * Prometheus accepts and no others, and only series that Matome exports (or Prometheus' own `up`).
 */
const ruleSchema = z.strictObject({
  alert: z.string().regex(/^Matome[A-Z][A-Za-z]+$/),
  expr: z.string().min(1),
  for: z.string().regex(/^\d+[smhd]$/),
  labels: z.strictObject({ severity: z.enum(['critical', 'warning', 'info']) }),
  annotations: z.strictObject({ summary: z.string().min(10), description: z.string().min(10) }),
});
const rulesFileSchema = z.strictObject({
  groups: z.array(z.strictObject({ name: z.string().min(1), rules: z.array(ruleSchema).min(1) })).min(1),
});

const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring']);

/** The series an expression reads: what is left once strings, matchers, ranges, groupings and functions go. */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)].map((match) => match[1]!);
  return names.filter((name) => !PROMQL_WORDS.has(name));
}

async function exportedSeries(): Promise<Set<string>> {
  const metrics = createMetrics({ processFigures: true });
  const names = new Set(['up']);
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    const type = String(metric.type);
    if (type === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

describe('docs/alerts/matome.rules.yml', () => {
  it('is a Prometheus rule file whose every alert reads series that Matome exports', async () => {
    const text = await readFile(new URL('../../../../docs/alerts/matome.rules.yml', import.meta.url), 'utf8');
    const file = rulesFileSchema.parse(parse(text));
    const rules = file.groups.flatMap((group) => group.rules);
    expect(new Set(file.groups.map((group) => group.name)).size).toBe(file.groups.length);
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);

    const exported = await exportedSeries();
    const used = new Set<string>();
    for (const rule of rules) {
      const series = seriesOf(rule.expr);
      expect(series, rule.alert).not.toEqual([]);
      for (const name of series) {
        expect(exported, `${rule.alert} reads ${name}`).toContain(name);
        used.add(name);
      }
    }
    // The series the runbook names as the ones that matter each have an alert.
    for (const name of [
      'matome_http_requests_total',
      'matome_provider_calls_total',
      'matome_provider_budget_remaining',
      'matome_slack_events_received_total',
      'matome_queue_jobs',
      'matome_jobs_total',
      'matome_gathering_accounts_total',
      'matome_auth_refusals_total',
      'matome_oauth_token_requests_total',
      'matome_social_sign_ins_total',
      'matome_push_sends_total',
    ]) {
      expect(used).toContain(name);
    }
  });

  it('finds the series of an expression, and a misspelt one', () => {
    expect(
      seriesOf('sum by (le) (rate(matome_x_bucket{route!="/a"}[5m] offset 1d)) > 1.5e9 and on(job) up == 0'),
    ).toEqual(['matome_x_bucket', 'up']);
    expect(seriesOf('histogram_quantile(0.9, sum by (le) (rate(matome_nope_bucket[10m])))')).toEqual([
      'matome_nope_bucket',
    ]);
  });
});
