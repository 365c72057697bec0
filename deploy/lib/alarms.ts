/**
 * CloudWatch alarms for the README's alarm table (Operations: "5xx rate" onwards), one or more per
 * row (the per-tenant 5xx rate: one per tenant of the registry). The README's expressions are
 * PromQL on the app's /metrics; here each reads the load balancer's own metrics where it measures
 * the same thing, and otherwise the series the metrics agent publishes (deploy/lib/metricsAgent.ts;
 * the agent turns Prometheus counters into per-scrape deltas, so a counter's Sum over a period is
 * its increase, and CloudWatch adds up the data points of every label the agent leaves out). Rows
 * marked "page" page only in event hours and otherwise notify the warn topic (eventHours.ts);
 * "warn" and "info" go to the warn topic at any hour.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as elbv2 from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { EventHours } from './eventHours';
import { METRICS_JOB, METRICS_NAMESPACE } from './metricsAgent';

/** Below this many requests of a tenant in 5 minutes its 5xx share does not page. */
export const MIN_TENANT_REQUESTS = 20;

const M = (metricName: string, dims: Record<string, string>, statistic: string, period: Duration) =>
  new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { job: METRICS_JOB, ...dims }, statistic, period });

/** Prefix of every alarm's name. */
export const ALARM_PREFIX = 'platform-';

export class PlatformAlarms extends Construct {
  readonly page: sns.Topic;
  readonly warn: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly eventHours: EventHours;

  constructor(scope: Construct, id: string, props: { alb: elbv2.ApplicationLoadBalancer; appTargets: elbv2.ApplicationTargetGroup; tenantIds: readonly string[]; alarmEmail?: string }) {
    super(scope, id);
    this.page = new sns.Topic(this, 'Page', { displayName: 'Platform: page', enforceSSL: true });
    this.warn = new sns.Topic(this, 'Warn', { displayName: 'Platform: warn', enforceSSL: true });
    if (props.alarmEmail) for (const topic of [this.page, this.warn]) topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    this.eventHours = new EventHours(this, 'EventHours', { page: this.page, warn: this.warn, namePrefix: ALARM_PREFIX });
    // A "page" alarm has no action of its own: eventHours routes it to the page or the warn topic.
    const add = (name: string, severity: 'page' | 'warn', alarm: Omit<cloudwatch.AlarmProps, 'alarmName'>) => {
      const a = new cloudwatch.Alarm(this, name, { alarmName: `${ALARM_PREFIX}${name}`, treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING, ...alarm });
      if (severity === 'page') this.eventHours.route(name, a);
      else a.addAlarmAction(new actions.SnsAction(this.warn));
      this.alarms.push(a);
      return a;
    };
    const minute = Duration.minutes(1);
    const five = Duration.minutes(5);
    const alb = props.alb.metrics;

    // README row "5xx rate": 5xx answers / all answers over 5 min > 1 % (the targets' 5xx and the balancer's own).
    add('5xx-rate', 'page', {
      metric: new cloudwatch.MathExpression({
        expression: '(target5xx + elb5xx) / MAX([requests, 1])',
        usingMetrics: {
          target5xx: alb.httpCodeTarget(elbv2.HttpCodeTarget.TARGET_5XX_COUNT, { period: five, statistic: 'Sum' }),
          elb5xx: alb.httpCodeElb(elbv2.HttpCodeElb.ELB_5XX_COUNT, { period: five, statistic: 'Sum' }),
          requests: alb.requestCount({ period: five, statistic: 'Sum' }),
        },
        period: five,
        label: '5xx share of requests',
      }),
      threshold: 0.01,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    // README row "5xx rate", per tenant: a tenant's 5xx / its requests over 5 min > 5 %. The load
    // balancer's metrics carry no tenant, so this reads the app's http_requests_total by tenant
    // (the agent keeps only the tenant and, for 5xx, the status). Under MIN_TENANT_REQUESTS in the
    // 5 min it reads 0: one error in two requests at night is not a page. The agent counts a series
    // from its second scrape, so the first minute of a route's first 5xx on an instance is missed.
    for (const tenant of props.tenantIds) {
      add(`5xx-rate-tenant-${tenant}`, 'page', {
        metric: new cloudwatch.MathExpression({
          // No 5xx series yet (the counter appears with its first 5xx) is no error: FILL.
          expression: `IF(requests >= ${MIN_TENANT_REQUESTS}, FILL(errors, 0) / requests, 0)`,
          usingMetrics: {
            requests: M('http_requests_total', { tenant }, 'Sum', five),
            errors: M('http_requests_total', { tenant, status: '5xx' }, 'Sum', five),
          },
          period: five,
          label: `${tenant}: 5xx share of requests`,
        }),
        threshold: 0.05,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    // README row "p95 latency": the targets' p95 response time over 10 min > 1 s (page), > 0.5 s (warn).
    const p95 = props.appTargets.metrics.targetResponseTime({ period: five, statistic: 'p95' });
    add('p95-latency', 'page', { metric: p95, threshold: 1, comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 2 });
    add('p95-latency-warn', 'warn', { metric: p95, threshold: 0.5, comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 2 });

    // README row "dependency down": dependency_up{dependency=~"dynamodb|s3"} == 0 on any instance for 1 min.
    for (const dependency of ['dynamodb', 's3']) {
      add(`dependency-down-${dependency}`, 'page', {
        metric: M('dependency_up', { dependency }, 'Minimum', minute),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    // README row "video or media queue down": dependency_up{dependency=~"livekit|media_queue"} == 0
    // for 2 min; a page in event hours, else a warning, like every page.
    for (const dependency of ['livekit', 'media_queue']) {
      add(`dependency-down-${dependency}`, 'page', {
        metric: M('dependency_up', { dependency }, 'Minimum', minute),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 2,
      });
    }

    // README row "queue depth growing": waiting > 20 and still growing, for 15 min (three 5-min periods).
    const waiting = M('media_queue_jobs', { state: 'waiting' }, 'Maximum', five);
    add('queue-depth-growing', 'warn', {
      metric: new cloudwatch.MathExpression({ expression: 'IF(waiting > 20 AND DIFF(waiting) > 0, 1, 0)', usingMetrics: { waiting }, period: five, label: 'waiting > 20 and growing' }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 3,
    });

    // README row "job failures": more than 5 failed media jobs in an hour, or failed / (completed + failed) > 0.1.
    const hour = Duration.hours(1);
    const failed = M('media_jobs_failed_total', {}, 'Sum', hour);
    const completed = M('media_jobs_completed_total', {}, 'Sum', hour);
    add('job-failures', 'warn', { metric: failed, threshold: 5, comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 1 });
    add('job-failure-ratio', 'warn', {
      metric: new cloudwatch.MathExpression({ expression: 'failed / MAX([failed + completed, 1])', usingMetrics: { failed, completed }, period: hour, label: 'failed share of media jobs' }),
      threshold: 0.1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    // README row "chat delivery lag": p95 over 5 min > 2 s (page), > 1 s (warn), for 5 min. The
    // agent publishes no series of a Prometheus histogram under its own names (no buckets, no
    // _sum or _count), so each instance publishes its p95 over the last 5 minutes
    // (chat_delivery_lag_p95_seconds, server/observability/slidingHistogram.ts) and this reads the
    // worst instance's each minute. The fleet's p95 is never above the worst instance's, so this
    // goes off at least as readily as the PromQL rule, and also when one instance alone lags (its
    // audience does see the lag).
    const lagP95 = M('chat_delivery_lag_p95_seconds', {}, 'Maximum', minute);
    add('chat-delivery-lag', 'page', { metric: lagP95, threshold: 2, comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 5 });
    add('chat-delivery-lag-warn', 'warn', { metric: lagP95, threshold: 1, comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 5 });

    // README row "event loop lag": nodejs_eventloop_lag_p99_seconds > 0.5 for 5 min (worst instance).
    add('event-loop-lag', 'warn', {
      metric: M('nodejs_eventloop_lag_p99_seconds', {}, 'Maximum', minute),
      threshold: 0.5,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 5,
    });

    // README row "render cache cold": hits / lookups over 15 min < 0.5 for 30 min (info, to the warn topic).
    const fifteen = Duration.minutes(15);
    add('render-cache-cold', 'warn', {
      metric: new cloudwatch.MathExpression({
        expression: 'IF(hit + miss + stale + shell > 0, hit / (hit + miss + stale + shell), 1)',
        // Every result countRenderCache records (server/observability/metrics.server.ts).
        usingMetrics: Object.fromEntries(['hit', 'miss', 'stale', 'shell'].map((result) => [result, M('render_cache_requests_total', { result }, 'Sum', fifteen)])),
        period: fifteen,
        label: 'render cache hit ratio',
      }),
      threshold: 0.5,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: 2,
    });
  }
}
