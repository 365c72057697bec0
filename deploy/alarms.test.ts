/**
 * The alarms the README's table asks for that the load balancer's metrics cannot give (a tenant's
 * 5xx share, chat delivery lag's p95, a dependency down in event hours), read on the synthesized
 * template, and the check that every alarm reads a series the metrics agent actually publishes.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectProcessMetrics, metricsRegistry } from '#server/observability/metrics.server';
import { MIN_TENANT_REQUESTS } from './lib/alarms';
import { tenantsOf } from './lib/tenants';
import { BASE_CONTEXT, PROJECT_ROOT, removeSynth, synthPlatform, templateOf, type Synthesized } from './synthForTests';

interface Dimension {
  Name: string;
  Value: string;
}
interface MetricStat {
  Metric: { MetricName: string; Namespace: string; Dimensions?: Dimension[] };
  Period: number;
  Stat: string;
}
interface AlarmProperties {
  AlarmName?: string;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: Dimension[];
  Metrics?: Array<{ Id: string; Expression?: string; MetricStat?: MetricStat }>;
  AlarmActions?: unknown[];
}
interface Declaration {
  source_labels: string[];
  label_matcher: string;
  dimensions: string[][];
  metric_selectors: string[];
}

const tenants = tenantsOf(PROJECT_ROOT);

let main: Synthesized;
let t: Template;
let alarms: AlarmProperties[];
let pageTopic: unknown;
let warnTopic: unknown;

const alarmNamed = (name: string) => alarms.find((a) => a.AlarmName === `platform-${name}`)!;
/** The metric behind the id `id` of a metric-math alarm. */
const statOf = (alarm: AlarmProperties, id: string) => alarm.Metrics!.find((m) => m.Id === id)!.MetricStat!;
const expressionOf = (alarm: AlarmProperties) => alarm.Metrics!.find((m) => m.Expression)!.Expression;
const dimensionsOf = (metric: { Dimensions?: Dimension[] }) => Object.fromEntries((metric.Dimensions ?? []).map((d) => [d.Name, d.Value]));
const topicRef = (displayName: string) => ({ Ref: Object.keys(t.findResources('AWS::SNS::Topic', { Properties: { DisplayName: displayName } }))[0] });

/** The metric declarations of the agent's configuration, as the app task's template gives it. */
function agentDeclarations(): Declaration[] {
  const tasks = Object.values(t.findResources('AWS::ECS::TaskDefinition')) as Array<{ Properties: { ContainerDefinitions: Array<{ Name: string; Environment?: Array<{ Name: string; Value: unknown }> }> } }>;
  const agent = tasks.flatMap((task) => task.Properties.ContainerDefinitions).find((c) => c.Name === 'metrics-agent')!;
  const config = agent.Environment!.find((e) => e.Name === 'CW_CONFIG_CONTENT')!.Value;
  // The log group's name is a token: a Fn::Join around the JSON.
  const text = typeof config === 'string' ? config : (config as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map((p) => (typeof p === 'string' ? p : 'GROUP')).join('');
  return JSON.parse(text).logs.metrics_collected.prometheus.emf_processor.metric_declaration;
}

beforeAll(() => {
  main = synthPlatform(BASE_CONTEXT, tenants);
  t = templateOf(main, main.built.platform.stackName);
  alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => (a as { Properties: AlarmProperties }).Properties);
  pageTopic = topicRef('Platform: page');
  warnTopic = topicRef('Platform: warn');
});
afterAll(() => removeSynth(main));

describe('the alarms beyond the load balancer\'s metrics', () => {
  it('pages on each tenant\'s 5xx share over 5 % in 5 min, once it has 20 requests', () => {
    expect(MIN_TENANT_REQUESTS).toBe(20);
    for (const tenant of tenants) {
      const alarm = alarmNamed(`5xx-rate-tenant-${tenant.id}`);
      expect(alarm, tenant.id).toMatchObject({ Threshold: 0.05, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1, AlarmActions: [pageTopic] });
      expect(expressionOf(alarm)).toBe('IF(requests >= 20, FILL(errors, 0) / requests, 0)');
      expect(statOf(alarm, 'requests')).toEqual({ Metric: { MetricName: 'http_requests_total', Namespace: 'Platform', Dimensions: expect.any(Array) }, Period: 300, Stat: 'Sum' });
      expect(dimensionsOf(statOf(alarm, 'requests').Metric)).toEqual({ job: 'platform', tenant: tenant.id });
      expect(statOf(alarm, 'errors')).toMatchObject({ Metric: { MetricName: 'http_requests_total' }, Period: 300, Stat: 'Sum' });
      expect(dimensionsOf(statOf(alarm, 'errors').Metric)).toEqual({ job: 'platform', tenant: tenant.id, status: '5xx' });
    }
    expect(alarms.filter((a) => a.AlarmName?.startsWith('platform-5xx-rate-tenant-'))).toHaveLength(tenants.length);
  });

  it('has the agent publish http_requests_total per tenant and per tenant\'s 5xx, summed over route and method', () => {
    const declarations = agentDeclarations().filter((d) => d.metric_selectors.includes('^http_requests_total$'));
    expect(declarations).toEqual([
      { source_labels: ['job', 'tenant'], label_matcher: '^platform;(?:[a-z0-9-]+)$', dimensions: [['job', 'tenant']], metric_selectors: ['^http_requests_total$'] },
      { source_labels: ['job', 'status', 'tenant'], label_matcher: '^platform;(?:5xx);(?:[a-z0-9-]+)$', dimensions: [['job', 'tenant', 'status']], metric_selectors: ['^http_requests_total$'] },
    ]);
    // Every tenant of the registry passes; a request on no tenant's host does not.
    const [perTenant, per5xx] = declarations.map((d) => new RegExp(d.label_matcher));
    for (const tenant of tenants) {
      expect(perTenant.test(`platform;${tenant.id}`)).toBe(true);
      expect(per5xx.test(`platform;5xx;${tenant.id}`)).toBe(true);
      expect(per5xx.test(`platform;4xx;${tenant.id}`)).toBe(false);
    }
    expect(perTenant.test('platform;(none)')).toBe(false);
  });

  it('reads chat delivery lag as the p95 over 5 min each instance publishes, worst instance, for 5 min', () => {
    const page = alarmNamed('chat-delivery-lag');
    const warn = alarmNamed('chat-delivery-lag-warn');
    for (const [alarm, threshold, topic] of [[page, 2, pageTopic], [warn, 1, warnTopic]] as const) {
      expect(alarm).toMatchObject({
        MetricName: 'chat_delivery_lag_p95_seconds',
        Namespace: 'Platform',
        Statistic: 'Maximum',
        Period: 60,
        EvaluationPeriods: 5,
        Threshold: threshold,
        ComparisonOperator: 'GreaterThanThreshold',
        AlarmActions: [topic],
      });
    }
    expect(JSON.stringify(alarms)).not.toMatch(/chat_delivery_lag_seconds_(sum|count)/);
  });

  it('pages when LiveKit or the media queue is down for 2 min while an event has an audience, else warns', () => {
    for (const dependency of ['livekit', 'media_queue']) {
      const page = alarmNamed(`dependency-down-${dependency}`);
      const warn = alarmNamed(`dependency-down-${dependency}-warn`);
      expect(expressionOf(page)).toBe('IF(up < 1 AND FILL(audience, 0) > 0, 1, 0)');
      expect(expressionOf(warn)).toBe('IF(up < 1 AND FILL(audience, 0) <= 0, 1, 0)');
      for (const [alarm, topic] of [[page, pageTopic], [warn, warnTopic]] as const) {
        expect(alarm, dependency).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', EvaluationPeriods: 2, AlarmActions: [topic] });
        expect(statOf(alarm, 'up')).toMatchObject({ Metric: { MetricName: 'dependency_up' }, Period: 60, Stat: 'Minimum' });
        expect(dimensionsOf(statOf(alarm, 'up').Metric)).toEqual({ job: 'platform', dependency });
        expect(statOf(alarm, 'audience')).toMatchObject({ Metric: { MetricName: 'live_audience_sockets' }, Period: 60, Stat: 'Maximum' });
        expect(dimensionsOf(statOf(alarm, 'audience').Metric)).toEqual({ job: 'platform' });
      }
    }
    // The dependencies the platform cannot run without page at any hour.
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'platform-dependency-down-dynamodb', MetricName: 'dependency_up', AlarmActions: [pageTopic] });
  });

  it('reads only series the agent publishes, each a counter or gauge of the app with those labels', async () => {
    const declarations = agentDeclarations();
    const read = alarms.flatMap((a) => [
      ...(a.MetricName ? [{ MetricName: a.MetricName, Namespace: a.Namespace!, Dimensions: a.Dimensions }] : []),
      ...(a.Metrics ?? []).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : [])),
    ]);
    const fromAgent = read.filter((m) => m.Namespace === 'Platform');
    expect(fromAgent.length).toBeGreaterThan(20);
    for (const metric of fromAgent) {
      const dims = dimensionsOf(metric);
      const published = declarations.some(
        (d) =>
          new RegExp(d.metric_selectors[0]).test(metric.MetricName) &&
          d.dimensions.some((set) => [...set].sort().join() === Object.keys(dims).sort().join()) &&
          new RegExp(d.label_matcher).test(d.source_labels.map((l) => dims[l]).join(';')),
      );
      expect(published, `${metric.MetricName} ${JSON.stringify(dims)}`).toBe(true);
    }
    // The agent drops a histogram's buckets and publishes no _sum/_count series of one: only counters and gauges.
    collectProcessMetrics();
    const types = new Map((await metricsRegistry.getMetricsAsJSON()).map((m) => [m.name, String(m.type)]));
    for (const d of declarations) {
      const name = d.metric_selectors[0].replace(/^\^|\$$/g, '');
      expect(['counter', 'gauge'], name).toContain(types.get(name));
    }
  });
});
