/**
 * The app's Prometheus metrics (/metrics, server/observability/metrics.server.ts) in CloudWatch: a
 * CloudWatch agent beside each app task scrapes its loopback address (which /metrics answers
 * without a token, docs/decisions/0049) and publishes the series the alarms and the media
 * workers' scaling read, as embedded-metric logs in the namespace below.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export const METRICS_NAMESPACE = 'Platform';
/** The scrape job's name, also a dimension of every series so each has one. */
export const METRICS_JOB = 'platform';

/**
 * A series the alarms read: the labels kept as dimensions (CloudWatch adds up the data points of
 * the labels left out, e.g. every route of a tenant), and optionally only the samples whose labels
 * match `where` (label → regular expression). Counters and gauges only: the agent publishes no
 * histogram buckets, nor a histogram's _sum and _count under those names.
 */
export interface AgentSeries {
  metric: string;
  dimensions: string[];
  where?: Record<string, string>;
}

/** Tenant ids are slugs (app/lib/config/tenant.ts); "(none)", a request on no tenant's host, is not one. */
const TENANT_ID = '[a-z0-9-]+';

export const AGENT_SERIES: AgentSeries[] = [
  { metric: 'dependency_up', dimensions: ['job', 'dependency'] },
  { metric: 'media_queue_jobs', dimensions: ['job', 'state'] },
  { metric: 'media_jobs_failed_total', dimensions: ['job'] },
  { metric: 'media_jobs_completed_total', dimensions: ['job'] },
  { metric: 'chat_delivery_lag_p95_seconds', dimensions: ['job'] },
  { metric: 'live_audience_sockets', dimensions: ['job'] },
  { metric: 'nodejs_eventloop_lag_p99_seconds', dimensions: ['job'] },
  { metric: 'render_cache_requests_total', dimensions: ['job', 'result'] },
  // A tenant's requests, and its 5xx: one metric each per tenant, not one per route and method.
  // A 5xx sample matches both, so it counts in the tenant's requests too.
  { metric: 'http_requests_total', dimensions: ['job', 'tenant'], where: { tenant: TENANT_ID } },
  { metric: 'http_requests_total', dimensions: ['job', 'tenant', 'status'], where: { status: '5xx', tenant: TENANT_ID } },
];

export function prometheusConfig(port: number): string {
  return [
    'global:',
    '  scrape_interval: 60s',
    '  scrape_timeout: 10s',
    'scrape_configs:',
    `  - job_name: ${METRICS_JOB}`,
    '    metrics_path: /metrics',
    '    static_configs:',
    `      - targets: ['127.0.0.1:${port}']`,
    '',
  ].join('\n');
}

export function agentConfig(logGroupName: string): string {
  return JSON.stringify({
    logs: {
      metrics_collected: {
        prometheus: {
          log_group_name: logGroupName,
          prometheus_config_path: 'env:PROMETHEUS_CONFIG_CONTENT',
          emf_processor: {
            metric_namespace: METRICS_NAMESPACE,
            // A sample matching several declarations gets the dimension sets of all of them.
            metric_declaration: AGENT_SERIES.map((s) => ({
              source_labels: ['job', ...Object.keys(s.where ?? {})],
              // The agent joins the source labels' values with ";" and matches the whole.
              label_matcher: `^${[METRICS_JOB, ...Object.values(s.where ?? {}).map((re) => `(?:${re})`)].join(';')}$`,
              dimensions: [s.dimensions],
              metric_selectors: [`^${s.metric}$`],
            })),
          },
        },
      },
      force_flush_interval: 5,
    },
  });
}

/** Adds the agent container to `task`, scraping the app on `port`. */
export function addMetricsAgent(scope: Construct, task: ecs.FargateTaskDefinition, image: string, port: number, logRetention: logs.RetentionDays): void {
  const group = new logs.LogGroup(scope, 'MetricsLogs', { retention: logs.RetentionDays.ONE_WEEK, removalPolicy: RemovalPolicy.DESTROY });
  task.addContainer('metrics-agent', {
    image: ecs.ContainerImage.fromRegistry(image),
    essential: false,
    cpu: 64,
    memoryReservationMiB: 128,
    environment: { PROMETHEUS_CONFIG_CONTENT: prometheusConfig(port), CW_CONFIG_CONTENT: agentConfig(group.logGroupName) },
    logging: ecs.LogDriver.awsLogs({ streamPrefix: 'metrics-agent', logRetention }),
    stopTimeout: Duration.seconds(10),
  });
  // Only what the agent does: write embedded-metric logs to its own group.
  task.taskRole.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents', 'logs:DescribeLogStreams'], resources: [group.logGroupArn, `${group.logGroupArn}:*`] }),
  );
}
