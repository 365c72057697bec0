/**
 * The alarms the README's table asks for that the load balancer's metrics cannot give (a tenant's
 * 5xx share, chat delivery lag's p95), every page routed by event hours (a page while an event is
 * live, a warning otherwise), read on the synthesized template, and the check that every alarm
 * reads a series the metrics agent actually publishes.
 */
import { runInNewContext } from 'node:vm';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectProcessMetrics, metricsRegistry } from '#server/observability/metrics.server';
import { MIN_TENANT_REQUESTS } from './lib/alarms';
import { EVENT_HOURS_WINDOW_MINUTES } from './lib/eventHours';
import { tenantsOf } from './lib/tenants';
import { BASE_CONTEXT, PROJECT_ROOT, removeSynth, SYNTH_TIMEOUT_MS, synthPlatform, templateOf, type Synthesized } from './synthForTests';

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
type Rule = string | { 'Fn::Join': [string, Array<string | { 'Fn::GetAtt': [string, string] }>] };
interface CompositeProperties {
  AlarmName: string;
  AlarmRule: Rule;
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
let composites: CompositeProperties[];
/** Alarm name by logical id, to read the composites' rules. */
let nameOf: Map<string, string>;
let pageTopic: unknown;
let warnTopic: unknown;

const alarmNamed = (name: string) => alarms.find((a) => a.AlarmName === `platform-${name}`)!;
/** The metric behind the id `id` of a metric-math alarm. */
const statOf = (alarm: AlarmProperties, id: string) => alarm.Metrics!.find((m) => m.Id === id)!.MetricStat!;
const expressionOf = (alarm: AlarmProperties) => alarm.Metrics!.find((m) => m.Expression)!.Expression;
const dimensionsOf = (metric: { Dimensions?: Dimension[] }) => Object.fromEntries((metric.Dimensions ?? []).map((d) => [d.Name, d.Value]));
/** A composite's rule with each alarm ARN replaced by the alarm's name. */
function ruleOf(name: string): string {
  const rule = composites.find((c) => c.AlarmName === name)?.AlarmRule;
  if (rule === undefined) throw new Error(`no composite alarm ${name}`);
  if (typeof rule === 'string') return rule;
  return rule['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : nameOf.get(part['Fn::GetAtt'][0]))).join('');
}
/**
 * Evaluates a composite rule the way CloudWatch does for the rules this stack writes (ALARM(),
 * AND, OR, NOT, parentheses), given which alarms are in ALARM.
 */
function fires(rule: string, inAlarm: ReadonlySet<string>): boolean {
  const js = rule
    .replace(/ALARM\("([^"]+)"\)/g, (_, name: string) => String(inAlarm.has(name)))
    .replace(/\bAND\b/g, '&&')
    .replace(/\bOR\b/g, '||')
    .replace(/\bNOT\b/g, '!');
  expect(js).toMatch(/^[()!&| truefals]+$/);
  return Boolean(runInNewContext(js));
}
const topicRef = (displayName: string) => ({ Ref: Object.keys(t.findResources('AWS::SNS::Topic', { Properties: { DisplayName: displayName } }))[0] });

/**
 * `name` has no action of its own; `<name>-page` pages while it and the event-hours gate are in
 * ALARM, `<name>-off-hours` warns while it is and the gate is not; neither fires while it is OK.
 */
function expectRoutedByEventHours(name: string) {
  const alarm = `platform-${name}`;
  expect(alarmNamed(name).AlarmActions, name).toBeUndefined();
  expect(composites.find((c) => c.AlarmName === `${alarm}-page`)?.AlarmActions, name).toEqual([pageTopic]);
  expect(composites.find((c) => c.AlarmName === `${alarm}-off-hours`)?.AlarmActions, name).toEqual([warnTopic]);
  const page = ruleOf(`${alarm}-page`);
  const offHours = ruleOf(`${alarm}-off-hours`);
  const states = (...names: string[]) => new Set(names);
  expect([fires(page, states(alarm, 'platform-event-hours')), fires(offHours, states(alarm, 'platform-event-hours'))], `${name} in event hours`).toEqual([true, false]);
  expect([fires(page, states(alarm)), fires(offHours, states(alarm))], `${name} out of event hours`).toEqual([false, true]);
  for (const inAlarm of [states('platform-event-hours'), states()]) expect([fires(page, inAlarm), fires(offHours, inAlarm)], `${name} OK`).toEqual([false, false]);
}

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
  composites = Object.values(t.findResources('AWS::CloudWatch::CompositeAlarm')).map((a) => (a as { Properties: CompositeProperties }).Properties);
  nameOf = new Map(Object.entries(t.findResources('AWS::CloudWatch::Alarm')).map(([id, a]) => [id, (a as { Properties: AlarmProperties }).Properties.AlarmName!]));
  pageTopic = topicRef('Platform: page');
  warnTopic = topicRef('Platform: warn');
}, SYNTH_TIMEOUT_MS);
afterAll(() => removeSynth(main));

describe('the alarms beyond the load balancer\'s metrics', () => {
  it('pages on each tenant\'s 5xx share over 5 % in 5 min, once it has 20 requests', () => {
    expect(MIN_TENANT_REQUESTS).toBe(20);
    for (const tenant of tenants) {
      const alarm = alarmNamed(`5xx-rate-tenant-${tenant.id}`);
      expect(alarm, tenant.id).toMatchObject({ Threshold: 0.05, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
      expectRoutedByEventHours(`5xx-rate-tenant-${tenant.id}`);
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
    for (const [alarm, threshold] of [[page, 2], [warn, 1]] as const) {
      expect(alarm).toMatchObject({
        MetricName: 'chat_delivery_lag_p95_seconds',
        Namespace: 'Platform',
        Statistic: 'Maximum',
        Period: 60,
        EvaluationPeriods: 5,
        Threshold: threshold,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
    expectRoutedByEventHours('chat-delivery-lag');
    expect(warn.AlarmActions).toEqual([warnTopic]);
    expect(JSON.stringify(alarms)).not.toMatch(/chat_delivery_lag_seconds_(sum|count)/);
  });

  it('alarms when LiveKit or the media queue is down for 2 min on any instance, paging only in event hours', () => {
    for (const dependency of ['livekit', 'media_queue']) {
      const alarm = alarmNamed(`dependency-down-${dependency}`);
      expect(alarm, dependency).toMatchObject({ MetricName: 'dependency_up', Namespace: 'Platform', Statistic: 'Minimum', Period: 60, Threshold: 1, ComparisonOperator: 'LessThanThreshold', EvaluationPeriods: 2 });
      expect(dimensionsOf(alarm)).toEqual({ job: 'platform', dependency });
      expectRoutedByEventHours(`dependency-down-${dependency}`);
    }
  });
});

describe('event-hours paging', () => {
  it('has a gate in ALARM while an event had an audience in the last 30 min, keeping its state while nothing reports, notifying no one', () => {
    expect(EVENT_HOURS_WINDOW_MINUTES).toBe(30);
    expect(alarmNamed('event-hours')).toEqual({
      AlarmName: 'platform-event-hours',
      AlarmDescription: expect.stringContaining('Event hours'),
      MetricName: 'live_audience_sockets',
      Namespace: 'Platform',
      Dimensions: [{ Name: 'job', Value: 'platform' }],
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 30,
      DatapointsToAlarm: 1,
      TreatMissingData: 'ignore',
    });
  });

  it('routes every page of the README table through the gate, and reaches the page topic no other way', () => {
    const pages = ['5xx-rate', ...tenants.map((x) => `5xx-rate-tenant-${x.id}`), 'p95-latency', 'dependency-down-dynamodb', 'dependency-down-s3', 'dependency-down-livekit', 'dependency-down-media_queue', 'chat-delivery-lag'];
    for (const name of pages) expectRoutedByEventHours(name);
    // Plain alarms notify the warn topic (or scale a service) or no one; only the gated composites page.
    for (const alarm of alarms) for (const action of alarm.AlarmActions ?? []) expect(action, alarm.AlarmName).not.toEqual(pageTopic);
    for (const alarm of alarms.filter((a) => a.AlarmName?.startsWith('platform-'))) for (const action of alarm.AlarmActions ?? []) expect(action, alarm.AlarmName).toEqual(warnTopic);
    const paging = composites.filter((c) => JSON.stringify(c.AlarmActions) === JSON.stringify([pageTopic])).map((c) => c.AlarmName);
    expect(paging.sort()).toEqual(pages.map((n) => `platform-${n}-page`).sort());
    for (const name of paging) expect(ruleOf(name)).toContain('ALARM("platform-event-hours")');
    expect(composites).toHaveLength(pages.length * 2);
  });
});

describe('the series behind the alarms', () => {
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
