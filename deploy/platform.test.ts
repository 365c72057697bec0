/**
 * The deployment as code (deploy/): synthesized once, offline (no account, no lookups), with the
 * sample tenants, then checked item by item on the templates; cdk-nag's AwsSolutions checks must
 * pass with only the findings nag.ts acknowledges; cfn-lint must find no error in any template.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeployConfig } from './lib/config';
import { REDIS_PORT } from './lib/platformStack';
import { tenantsOf } from './lib/tenants';
import { BASE_CONTEXT as BASE, cfnLint, lintPassed, nagViolations, PROJECT_ROOT, removeSynth, SYNTH_TIMEOUT_MS, synthPlatform, templateOf, type Synthesized } from './synthForTests';

const tenants = tenantsOf(PROJECT_ROOT);

let main: Synthesized;
let cloud: Synthesized;
let t: Template;
let identity: Map<string, Template>;

let lint: Promise<{ code: number; out: string }>;

beforeAll(() => {
  main = synthPlatform(BASE, tenants);
  // cfn-lint starts as soon as the templates exist, so it runs beside the second synthesis.
  lint = cfnLint(main);
  // The second synthesis also tries the first-deploy registry source (files).
  cloud = synthPlatform({ ...BASE, registrySource: 'files', livekit: 'cloud', livekitUrl: 'wss://platform.livekit.cloud', livekitSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:livekit-AbCdEf' }, tenants);
  t = templateOf(main, main.built.platform.stackName);
  identity = new Map(main.built.identity.map((s) => [s.region, templateOf(main, s.stackName)]));
}, SYNTH_TIMEOUT_MS);
afterAll(() => {
  removeSynth(main);
  removeSynth(cloud);
});

describe('the deployment as code', () => {
  it('synthesizes offline with every finding of cdk-nag AwsSolutions either fixed or acknowledged', () => {
    for (const s of [main, cloud]) expect(nagViolations(s)).toEqual([]);
    expect(main.assembly.stacks.map((s) => s.stackName).sort()).toEqual(['Platform', 'Platform-Identity-eu-west-3', 'Platform-Identity-us-east-1', 'Platform-Identity-us-east-2']);
  });

  it('refuses to synthesize without the image and certificate, or LiveKit Cloud without its keys', () => {
    expect(() => readDeployConfig(() => undefined)).toThrow(/image: is required[\s\S]*certificateArn/);
    expect(() => readDeployConfig((k) => ({ ...BASE, livekit: 'cloud' })[k])).toThrow(/livekitSecretArn: is required with livekit=cloud/);
  });

  it('keeps the table with point-in-time recovery and deletion protection', () => {
    t.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' })],
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true })],
      }),
    });
  });

  it('gives the media bucket CORS for every tenant, encryption, and the abort and live-segment rules', () => {
    const origins = ['https://*.events.example.com', ...tenants.flatMap((x) => x.domains.map((d) => `https://${d}`))];
    t.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: origins, AllowedMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'], ExposedHeaders: ['ETag'] })] },
      LifecycleConfiguration: {
        Rules: [
          { Id: 'abort-incomplete-multipart-uploads', Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } },
          ...tenants.map((x) => ({ Id: `expire-live-segments-${x.id}`, Prefix: `tenants/${x.id}/broadcasts/`, Status: 'Enabled', ExpirationInDays: 2 })),
        ],
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'media/' }),
    });
  });

  it('makes one user pool per tenant, in its region, with the local pools\' security settings', () => {
    for (const tenant of tenants) {
      const regional = identity.get(tenant.identity.region)!;
      regional.hasResourceProperties('AWS::Cognito::UserPool', {
        UserPoolName: tenant.id,
        UsernameAttributes: ['email', 'phone_number'],
        AutoVerifiedAttributes: ['email', 'phone_number'],
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email', 'phone_number'] },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        DeletionProtection: 'ACTIVE',
        Schema: Match.arrayWith([Match.objectLike({ Name: 'tenantId', Mutable: false })]),
        // CDK writes the tenant's name as an RFC 2047 word when it is not ASCII (Lumière).
        EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: Match.stringLikeRegexp(`<no-reply@${tenant.domains[0].replaceAll('.', '\\.')}>$`) }),
      });
      regional.hasResourceProperties('AWS::Cognito::UserPoolClient', { ClientName: `${tenant.id}-web`, GenerateSecret: false, PreventUserExistenceErrors: 'ENABLED' });
      for (const group of ['admin', 'organizer', 'member']) regional.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: group });
    }
    const pools = [...identity.values()].reduce((n, x) => n + Object.keys(x.findResources('AWS::Cognito::UserPool')).length, 0);
    expect(pools).toBe(tenants.length);
  });

  it('runs the app, media and ingest workers as Fargate services with autoscaling, workers on queue depth', () => {
    t.resourceCountIs('AWS::ECS::Service', 4); // app, media workers, ingest workers, LiveKit nodes
    for (const entry of ['dist/server.mjs', 'dist/media-worker.mjs', 'dist/ingest-worker.mjs']) {
      t.hasResourceProperties('AWS::ECS::TaskDefinition', {
        ContainerDefinitions: Match.arrayWith([Match.objectLike({ Command: ['sh', '-c', Match.stringLikeRegexp(`exec node ${entry}$`)] })]),
      });
    }
    t.resourceCountIs('AWS::ApplicationAutoScaling::ScalableTarget', 3);
    t.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', { PolicyType: 'StepScaling', StepScalingPolicyConfiguration: Match.objectLike({ AdjustmentType: 'ChangeInCapacity' }) });
    // Out on one waiting job (from zero workers too), in only when nothing waits or runs.
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'media_queue_jobs',
      Dimensions: Match.arrayWith([{ Name: 'state', Value: 'waiting' }]),
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'waiting + active' }),
        Match.objectLike({ Id: 'waiting', MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'media_queue_jobs', Namespace: 'Platform' }) }) }),
      ]),
    });
    t.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({ PredefinedMetricSpecification: { PredefinedMetricType: 'ALBRequestCountPerTarget', ResourceLabel: Match.anyValue() } }),
    });
  });

  it('has the HTTPS load balancer and the RTMP (TCP 1935) and SRT (UDP) listeners', () => {
    t.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', { Type: 'application', Scheme: 'internet-facing' });
    t.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', { Port: 443, Protocol: 'HTTPS', Certificates: [{ CertificateArn: BASE.certificateArn }] });
    t.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', { Port: 80, DefaultActions: [Match.objectLike({ Type: 'redirect' })] });
    t.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', { Type: 'network' });
    t.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', { Port: 1935, Protocol: 'TCP' });
    const udp = t.findResources('AWS::ElasticLoadBalancingV2::Listener', { Properties: { Protocol: 'UDP' } });
    expect(Object.values(udp).map((l) => (l as { Properties: { Port: number } }).Properties.Port)).toEqual(Array.from({ length: 20 }, (_, i) => 9000 + i));
  });

  it('runs Redis encrypted, with AUTH from Secrets Manager, across two zones', () => {
    t.hasResourceProperties('AWS::ElastiCache::ReplicationGroup', {
      Port: REDIS_PORT,
      TransitEncryptionEnabled: true,
      AtRestEncryptionEnabled: true,
      MultiAZEnabled: true,
      AuthToken: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([Match.stringLikeRegexp('resolve:secretsmanager')])]) }),
    });
  });

  it('runs LiveKit nodes, or none with LiveKit Cloud by configuration', () => {
    t.hasResourceProperties('AWS::ECS::TaskDefinition', { ContainerDefinitions: [Match.objectLike({ Name: 'livekit', Image: 'livekit/livekit-server:v1.9.1' })] });
    t.hasResourceProperties('AWS::ElasticLoadBalancingV2::ListenerRule', { Conditions: [{ Field: 'host-header', HostHeaderConfig: { Values: ['livekit.events.example.com'] } }] });
    const c = templateOf(cloud, cloud.built.platform.stackName);
    c.resourceCountIs('AWS::ECS::Service', 3);
    c.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: Match.arrayWith([
        Match.objectLike({
          Environment: Match.arrayWith([{ Name: 'LIVEKIT_URL', Value: 'wss://platform.livekit.cloud' }]),
          Secrets: Match.arrayWith([{ Name: 'LIVEKIT_API_SECRET', ValueFrom: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:livekit-AbCdEf:apiSecret::' }]),
        }),
      ]),
    });
  });

  it('serves the published registry (pool ids from the stack outputs), or the release files on a first deploy, and outputs where to publish', () => {
    const registrySource = (template: Template) =>
      Object.values(template.findResources('AWS::ECS::TaskDefinition'))
        .filter((r) => JSON.stringify(r).includes('dist/'))
        .map((r) => (r as { Properties: { ContainerDefinitions: Array<{ Environment?: Array<{ Name: string; Value: unknown }> }> } }).Properties.ContainerDefinitions[0]!.Environment?.find((e) => e.Name === 'REGISTRY_SOURCE')?.Value);
    expect(new Set(registrySource(t))).toEqual(new Set(['store']));
    expect(new Set(registrySource(templateOf(cloud, cloud.built.platform.stackName)))).toEqual(new Set(['files']));
    t.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('Table') } });
    t.hasOutput('MediaBucketName', { Value: { Ref: Match.stringLikeRegexp('Media') } });
  });

  it('gives the processes their secrets from Secrets Manager, never in the environment', () => {
    t.resourceCountIs('AWS::SecretsManager::Secret', 3); // Redis AUTH, LiveKit pair, ingest key secret
    const app = Object.values(t.findResources('AWS::ECS::TaskDefinition')).find((r) => JSON.stringify(r).includes('dist/server.mjs')) as { Properties: { ContainerDefinitions: Array<{ Name: string; Secrets?: Array<{ Name: string }>; Environment?: Array<{ Name: string; Value: unknown }> }> } };
    const container = app.Properties.ContainerDefinitions.find((c) => c.Name === 'app')!;
    expect(container.Secrets?.map((s) => s.Name).sort()).toEqual(['INGEST_KEY_SECRET', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET', 'REDIS_AUTH']);
    expect(container.Environment).toEqual(expect.arrayContaining([{ Name: 'MAIL_PROVIDER', Value: 'ses' }, { Name: 'NODE_ENV', Value: 'production' }]));
    expect(container.Environment?.some((e) => /SECRET|TOKEN|PASSWORD|AUTH/.test(e.Name))).toBe(false);
  });

  it('verifies an SES sending identity for every tenant domain and lets the app send only from them', () => {
    const domains = ['events.example.com', ...tenants.flatMap((x) => x.domains)];
    t.resourceCountIs('AWS::SES::EmailIdentity', domains.length);
    for (const domain of domains) t.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: domain, ConfigurationSetAttributes: Match.anyValue() });
    t.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: ['ses:SendEmail', 'ses:SendRawEmail'], Resource: Match.arrayWith([Match.objectLike({ 'Fn::Join': Match.anyValue() })]) })]) },
    });
  });

  it('has an alarm for each row of the README alarm table, paging or warning as it says', () => {
    const names = Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => (a as { Properties: { AlarmName?: string } }).Properties.AlarmName).filter(Boolean).sort();
    expect(names).toEqual(
      [
        '5xx-rate', ...tenants.map((x) => `5xx-rate-tenant-${x.id}`), 'p95-latency', 'p95-latency-warn', 'dependency-down-dynamodb', 'dependency-down-s3',
        'dependency-down-livekit', 'dependency-down-media_queue',
        'queue-depth-growing', 'job-failures', 'job-failure-ratio', 'chat-delivery-lag', 'chat-delivery-lag-warn', 'event-loop-lag', 'render-cache-cold',
        'event-hours',
      ].map((n) => `platform-${n}`).sort(),
    );
    // Each "page" row pages in event hours and warns otherwise (alarms.test.ts).
    const pages = ['5xx-rate', ...tenants.map((x) => `5xx-rate-tenant-${x.id}`), 'p95-latency', 'dependency-down-dynamodb', 'dependency-down-s3', 'dependency-down-livekit', 'dependency-down-media_queue', 'chat-delivery-lag'];
    const composites = Object.values(t.findResources('AWS::CloudWatch::CompositeAlarm')).map((a) => (a as { Properties: { AlarmName: string } }).Properties.AlarmName).sort();
    expect(composites).toEqual(pages.flatMap((n) => [`platform-${n}-page`, `platform-${n}-off-hours`]).sort());
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'platform-5xx-rate', Threshold: 0.01, Metrics: Match.arrayWith([Match.objectLike({ Expression: '(target5xx + elb5xx) / MAX([requests, 1])' })]) });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'platform-p95-latency', Threshold: 1, ExtendedStatistic: 'p95', EvaluationPeriods: 2 });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'platform-dependency-down-dynamodb', MetricName: 'dependency_up', Namespace: 'Platform', Dimensions: Match.arrayWith([{ Name: 'dependency', Value: 'dynamodb' }]) });
    t.resourceCountIs('AWS::SNS::Subscription', 2);
  });

  it('passes cfn-lint on every template', async () => {
    const result = await lint;
    expect(lintPassed(result), result.out).toBe(true);
  }, SYNTH_TIMEOUT_MS);
});
