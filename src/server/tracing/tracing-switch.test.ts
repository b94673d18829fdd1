import { expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { queueTelemetry, startTracingIfConfigured, tracesEndpoint } from './tracing-switch.ts';

it('asks for traces when an OTLP endpoint is set, unless the SDK or the traces exporter is turned off', () => {
  expect(tracesEndpoint({})).toBeUndefined();
  expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
  expect(tracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(
    'http://collector:4318',
  );
  expect(
    tracesEndpoint({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:4318/v1/traces',
    }),
  ).toBe('http://traces:4318/v1/traces');
  const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
  expect(tracesEndpoint({ ...on, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
  expect(tracesEndpoint({ ...on, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
});

it('refuses an endpoint that is not an http(s) URL, and stays off without one', async () => {
  await expect(
    startTracingIfConfigured('matome', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' }),
  ).rejects.toThrow(ConfigError);
  await expect(startTracingIfConfigured('matome', {})).resolves.toBe(false);
  expect(queueTelemetry()).toEqual({});
});
