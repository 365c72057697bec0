/**
 * The platform in one stack (the app's region): network, the table and media bucket, Redis,
 * secrets, SES identities, LiveKit, the services and their load balancers, and the alarms. The
 * tenants' user pools live in stacks of their own regions (identity.ts); `buildPlatform` makes
 * them all from the tenant registry and applies cdk-nag's AwsSolutions checks (nag.ts).
 */
import { CfnOutput, Stack, Validations, type App, type StackProps } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as elasticache from 'aws-cdk-lib/aws-elasticache';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { Tenant } from '#app/lib/config/tenant';
import { PlatformAlarms } from './alarms';
import type { DeployConfig } from './config';
import { PlatformData } from './data';
import { IdentityStack, tenantsByIdentityRegion } from './identity';
import { PlatformLivekit } from './livekit';
import { PlatformMail } from './mail';
import { cdkNag, acknowledgePlatformFindings } from './nag';
import { PlatformServices } from './services';

/** Not Redis's default port (cdk-nag AwsSolutions-AEC5: a default port is the first one scanned). */
export const REDIS_PORT = 6380;

export interface PlatformStackProps extends StackProps {
  config: DeployConfig;
  tenants: Tenant[];
}

export class PlatformStack extends Stack {
  readonly data: PlatformData;
  readonly mail: PlatformMail;
  readonly services: PlatformServices;
  readonly livekit: PlatformLivekit;
  readonly alarms: PlatformAlarms;

  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, props);
    const { config, tenants } = props;

    const vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: config.natGateways,
      subnetConfiguration: [
        { name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'private', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 22 },
      ],
      // S3 and DynamoDB traffic (media, the table) bypasses the NAT gateway, which bills per GB.
      gatewayEndpoints: { S3: { service: ec2.GatewayVpcEndpointAwsService.S3 }, DynamoDB: { service: ec2.GatewayVpcEndpointAwsService.DYNAMODB } },
    });
    vpc.addFlowLog('FlowLogs', {
      destination: ec2.FlowLogDestination.toCloudWatchLogs(new logs.LogGroup(this, 'FlowLogGroup', { retention: logs.RetentionDays.ONE_MONTH })),
      trafficType: ec2.FlowLogTrafficType.REJECT,
    });

    this.data = new PlatformData(this, 'Data', { tenants, rootDomain: config.rootDomain, liveSegmentDays: config.liveSegmentDays, deletionProtection: config.deletionProtection });
    this.mail = new PlatformMail(this, 'Mail', { tenants, rootDomain: config.rootDomain });

    // --- Redis: the media queue, the chat bus, LiveKit's room state ------------------------------
    const redisAuth = new secretsmanager.Secret(this, 'RedisAuth', {
      description: 'Redis AUTH token (also in the processes as REDIS_AUTH)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    const redisSg = new ec2.SecurityGroup(this, 'RedisSg', { vpc, description: 'Redis: the services only', allowAllOutbound: false });
    const redisSubnets = new elasticache.CfnSubnetGroup(this, 'RedisSubnets', {
      description: 'Redis in the private subnets',
      subnetIds: vpc.selectSubnets({ subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS }).subnetIds,
    });
    const redis = new elasticache.CfnReplicationGroup(this, 'Redis', {
      replicationGroupDescription: 'Platform Redis (BullMQ media queue, chat fan-out, LiveKit)',
      engine: 'redis',
      engineVersion: '7.1',
      cacheNodeType: config.redisNodeType,
      // A primary and a replica in another zone, failing over on its own.
      numCacheClusters: 2,
      multiAzEnabled: true,
      automaticFailoverEnabled: true,
      port: REDIS_PORT,
      transitEncryptionEnabled: true,
      atRestEncryptionEnabled: true,
      authToken: redisAuth.secretValue.unsafeUnwrap(),
      cacheSubnetGroupName: redisSubnets.ref,
      securityGroupIds: [redisSg.securityGroupId],
      // BullMQ needs keys kept: never evict.
      cacheParameterGroupName: new elasticache.CfnParameterGroup(this, 'RedisParams', {
        cacheParameterGroupFamily: 'redis7',
        description: 'noeviction for BullMQ',
        properties: { 'maxmemory-policy': 'noeviction' },
      }).ref,
      snapshotRetentionLimit: 1,
    });
    const redisRef = { host: redis.attrPrimaryEndPointAddress, port: REDIS_PORT, securityGroup: redisSg, auth: redisAuth };

    const cluster = new ecs.Cluster(this, 'Cluster', { vpc, containerInsightsV2: ecs.ContainerInsights.ENABLED });
    this.livekit = new PlatformLivekit(this, 'Livekit', { config, vpc, cluster, redis: redisRef });

    // --- secrets the processes read (Secrets Manager, injected as variables) -----------------------
    const ingestKey = new secretsmanager.Secret(this, 'IngestKeySecret', {
      description: 'INGEST_KEY_SECRET: RTMP and SRT stream keys are derived from it',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    const secrets: Record<string, ecs.Secret> = {
      REDIS_AUTH: ecs.Secret.fromSecretsManager(redisAuth),
      INGEST_KEY_SECRET: ecs.Secret.fromSecretsManager(ingestKey),
      LIVEKIT_API_KEY: ecs.Secret.fromSecretsManager(this.livekit.keys, 'apiKey'),
      LIVEKIT_API_SECRET: ecs.Secret.fromSecretsManager(this.livekit.keys, 'apiSecret'),
    };
    if (config.stripeSecretArn) {
      const stripe = secretsmanager.Secret.fromSecretCompleteArn(this, 'Stripe', config.stripeSecretArn);
      secrets.STRIPE_SECRET_KEY = ecs.Secret.fromSecretsManager(stripe, 'STRIPE_SECRET_KEY');
      secrets.STRIPE_WEBHOOK_SECRET = ecs.Secret.fromSecretsManager(stripe, 'STRIPE_WEBHOOK_SECRET');
    }

    this.services = new PlatformServices(this, 'Services', {
      config,
      vpc,
      cluster,
      table: this.data.table,
      media: this.data.media,
      logs: this.data.logs,
      redis: redisRef,
      secrets,
      environment: {
        PLATFORM_ROOT_DOMAIN: config.rootDomain,
        TRUST_PROXY: 'true',
        LIVEKIT_URL: this.livekit.url,
        MAIL_PROVIDER: 'ses',
        SPEECH_PROVIDER: 'aws',
      },
      sesIdentityArns: [...this.mail.identities.values()].map((i) => i.emailIdentityArn),
    });
    this.livekit.routeSignalling(this.services.httpsListener);
    this.alarms = new PlatformAlarms(this, 'Alarms', { alb: this.services.alb, appTargets: this.services.appTargets, tenantIds: tenants.map((t) => t.id), alarmEmail: config.alarmEmail });

    new CfnOutput(this, 'AppLoadBalancer', { value: this.services.alb.loadBalancerDnsName, description: 'Point the platform domain and every tenant domain here (CNAME or alias)' });
    // What `npm run tenants:publish` writes to (DYNAMODB_TABLE, S3_BUCKET; README, Deploying).
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName, description: 'DYNAMODB_TABLE for npm run tenants:publish' });
    new CfnOutput(this, 'MediaBucketName', { value: this.data.media.bucketName, description: 'S3_BUCKET for npm run tenants:publish' });
    new CfnOutput(this, 'IngestLoadBalancer', { value: this.services.nlb.loadBalancerDnsName, description: 'RTMP (1935) and SRT pushes' });
  }
}

export interface Platform {
  platform: PlatformStack;
  identity: IdentityStack[];
}

/** Every stack of a deployment, checked by cdk-nag when the app synthesizes. */
export function buildPlatform(app: App, config: DeployConfig, tenants: Tenant[]): Platform {
  // Server access logs are delivered under a bucket policy, not the legacy log-delivery ACL.
  app.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
  const env = { account: config.account, region: config.region };
  const platform = new PlatformStack(app, config.stackName, { env, config, tenants, description: 'Live-event platform: services, data, media, video, mail, alarms' });
  const identity = [...tenantsByIdentityRegion(tenants)].map(
    ([region, regional]) =>
      new IdentityStack(app, `${config.stackName}-Identity-${region}`, {
        env: { account: config.account, region },
        description: `Live-event platform: user pools of the tenants in ${region}`,
        tenants: regional,
        mailOf: (t) => platform.mail.senderOf(t, config.rootDomain, config.region),
        socialSettings: {
          rootDomain: config.rootDomain,
          hostedSignInPrefix: config.hostedSignInPrefix,
          socialSecretPrefix: config.socialSecretPrefix,
          hostedSignInCertificateArn: config.hostedSignInCertificateArn,
        },
      }),
  );
  for (const stack of [platform, ...identity]) acknowledgePlatformFindings(stack);
  // cdk-nag 3 is a policy-validation plugin: synthesis fails on any finding not acknowledged in nag.ts.
  Validations.of(app).addPlugins(new cdkNag.AwsSolutionsChecks(app, { verbose: true }));
  return { platform, identity };
}
