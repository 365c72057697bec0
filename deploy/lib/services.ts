/**
 * The three services on Fargate, all from the one application image (deploy/Dockerfile over the
 * release tarball; scripts/deploy/releaseLayout.ts names its entry files):
 *  - app: behind the application load balancer (HTTPS; HTTP redirects), scaled on CPU and requests;
 *  - media workers: scaled on the media queue (media_queue_jobs: out on waiting jobs, in when none waits or runs);
 *  - ingest workers: behind a network load balancer with the RTMP listener (TCP 1935) and one UDP
 *    listener per SRT port, scaled on CPU.
 * Redis's password reaches the processes as REDIS_AUTH (Secrets Manager) and is put into the URL by
 * the container's shell, since the server takes Redis as one URL.
 */
import { Duration } from 'aws-cdk-lib';
import * as appscaling from 'aws-cdk-lib/aws-applicationautoscaling';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as elbv2 from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { RELEASE_ENTRIES, RELEASE_ROOT, type ReleaseEntry } from '#scripts/deploy/releaseLayout';
import type { DeployConfig } from './config';
import { addMetricsAgent, METRICS_JOB, METRICS_NAMESPACE } from './metricsAgent';

export const APP_PORT = 3000;
export const RTMP_PORT = 1935;
const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

export interface ServicesProps {
  config: DeployConfig;
  vpc: ec2.IVpc;
  cluster: ecs.Cluster;
  table: dynamodb.ITableV2;
  media: s3.IBucket;
  logs: s3.IBucket;
  redis: { host: string; port: number; securityGroup: ec2.ISecurityGroup };
  /** Values every process gets (LiveKit URL, SES, ingest addresses...). */
  environment: Record<string, string>;
  secrets: Record<string, ecs.Secret>;
  /** SES identities the app may send from. */
  sesIdentityArns: string[];
}

/** `node <bundle>` after REDIS_URL is built from the injected password. */
function command(entry: ReleaseEntry): string[] {
  // $VAR, not ${VAR}: CloudFormation would take ${...} for one of its own parameters.
  return ['sh', '-c', `export REDIS_URL="rediss://:$REDIS_AUTH@$REDIS_HOST:$REDIS_PORT"; export MEDIA_QUEUE_REDIS_URL="$REDIS_URL"; exec node ${RELEASE_ENTRIES[entry].bundle}`];
}

export class PlatformServices extends Construct {
  readonly alb: elbv2.ApplicationLoadBalancer;
  readonly nlb: elbv2.NetworkLoadBalancer;
  readonly app: ecs.FargateService;
  readonly mediaWorkers: ecs.FargateService;
  readonly ingestWorkers: ecs.FargateService;
  readonly appTargets: elbv2.ApplicationTargetGroup;
  readonly httpsListener: elbv2.ApplicationListener;

  constructor(scope: Construct, id: string, props: ServicesProps) {
    super(scope, id);
    const { config, vpc, cluster } = props;
    const image = ecs.ContainerImage.fromRegistry(config.image);
    this.nlb = new elbv2.NetworkLoadBalancer(this, 'IngestNlb', { vpc, internetFacing: true, crossZoneEnabled: true });
    const environment = {
      // Where encoders push (server/broadcast/ingest/config.server.ts): the key screens show these.
      INGEST_RTMP_URL: `rtmp://${this.nlb.loadBalancerDnsName}:${RTMP_PORT}/live`,
      INGEST_SRT_HOST: this.nlb.loadBalancerDnsName,
      INGEST_SRT_PORT_FIRST: String(config.srtPortFirst),
      INGEST_SRT_PORTS: String(config.srtPorts),
      INGEST_MAX_SRT_LISTENERS: String(config.srtPorts),
      ...props.environment,
      NODE_ENV: 'production',
      CONFIG_ROOT: RELEASE_ROOT,
      REGISTRY_SOURCE: config.registrySource,
      AWS_REGION: config.region,
      DYNAMODB_TABLE: props.table.tableName,
      S3_BUCKET: props.media.bucketName,
      REDIS_HOST: props.redis.host,
      REDIS_PORT: String(props.redis.port),
    };

    const task = (name: string, entry: ReleaseEntry, cpu: number, memoryLimitMiB: number, ports: ecs.PortMapping[]) => {
      const def = new ecs.FargateTaskDefinition(this, `${name}Task`, { cpu, memoryLimitMiB, runtimePlatform: { cpuArchitecture: ecs.CpuArchitecture.X86_64, operatingSystemFamily: ecs.OperatingSystemFamily.LINUX } });
      def.addContainer(name, {
        image,
        command: command(entry),
        environment,
        secrets: props.secrets,
        portMappings: ports,
        logging: ecs.LogDriver.awsLogs({ streamPrefix: name, logRetention: LOG_RETENTION }),
        // Sweepers and pushes end cleanly on SIGTERM within this.
        stopTimeout: Duration.seconds(60),
      });
      props.table.grantReadWriteData(def.taskRole);
      def.taskRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [props.table.tableArn] }));
      props.media.grantReadWrite(def.taskRole);
      return def;
    };
    // Only Redis's ingress rule: the services' own groups already allow all outbound.
    const redisClient = (service: ecs.FargateService) => props.redis.securityGroup.connections.allowFrom(service, ec2.Port.tcp(props.redis.port), 'Redis (TLS)');

    // --- the app -----------------------------------------------------------------------------
    const appTask = task('app', 'app', 1024, 2048, [{ containerPort: APP_PORT }]);
    addMetricsAgent(this, appTask, config.metricsAgentImage, APP_PORT, LOG_RETENTION);
    appTask.taskRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: props.sesIdentityArns }));
    // Speech (SPEECH_PROVIDER=aws): Polly voices and Transcribe streaming take no resource ARN.
    appTask.taskRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['polly:SynthesizeSpeech', 'transcribe:StartStreamTranscription'], resources: ['*'] }));
    this.app = new ecs.FargateService(this, 'App', {
      cluster,
      taskDefinition: appTask,
      desiredCount: config.appMinTasks,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
      circuitBreaker: { rollback: true },
      minHealthyPercent: 100,
      enableExecuteCommand: false,
    });
    redisClient(this.app);

    this.alb = new elbv2.ApplicationLoadBalancer(this, 'Alb', { vpc, internetFacing: true, dropInvalidHeaderFields: true });
    this.alb.logAccessLogs(props.logs, 'alb');
    this.httpsListener = this.alb.addListener('Https', {
      port: 443,
      certificates: [elbv2.ListenerCertificate.fromArn(config.certificateArn)],
      sslPolicy: elbv2.SslPolicy.RECOMMENDED_TLS,
    });
    this.appTargets = this.httpsListener.addTargets('App', {
      port: APP_PORT,
      protocol: elbv2.ApplicationProtocol.HTTP,
      targets: [this.app.loadBalancerTarget({ containerName: 'app', containerPort: APP_PORT })],
      healthCheck: { path: '/api/health', healthyHttpCodes: '200', interval: Duration.seconds(15) },
      deregistrationDelay: Duration.seconds(30),
    });
    this.alb.addRedirect({ sourcePort: 80, targetPort: 443 });
    const appScaling = this.app.autoScaleTaskCount({ minCapacity: config.appMinTasks, maxCapacity: config.appMaxTasks });
    appScaling.scaleOnCpuUtilization('Cpu', { targetUtilizationPercent: 60 });
    appScaling.scaleOnRequestCount('Requests', { requestsPerTarget: 1000, targetGroup: this.appTargets });

    // --- media workers: scaled on the queue ---------------------------------------------------
    const mediaTask = task('media-worker', 'mediaWorker', 2048, 4096, []);
    this.mediaWorkers = new ecs.FargateService(this, 'MediaWorkers', {
      cluster,
      taskDefinition: mediaTask,
      desiredCount: config.mediaWorkersMin,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
      circuitBreaker: { rollback: true },
      minHealthyPercent: 100,
    });
    redisClient(this.mediaWorkers);
    const jobs = (state: string) =>
      new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName: 'media_queue_jobs', dimensionsMap: { job: METRICS_JOB, state }, statistic: 'Maximum', period: Duration.minutes(1) });
    const queueDepth = new cloudwatch.MathExpression({ expression: 'waiting + active', usingMetrics: { waiting: jobs('waiting'), active: jobs('active') }, label: 'media jobs waiting or running', period: Duration.minutes(1) });
    const mediaScaling = this.mediaWorkers.autoScaleTaskCount({ minCapacity: config.mediaWorkersMin, maxCapacity: config.mediaWorkersMax });
    // Out on jobs waiting (one waiting: one worker more, a backlog of 20: three more), also from zero
    // workers; in only when nothing waits or runs, so a running transcode is not taken away.
    mediaScaling.scaleOnMetric('QueueWaiting', {
      metric: jobs('waiting'),
      scalingSteps: [
        { upper: 0, change: 0 },
        { lower: 1, change: +1 },
        { lower: 20, change: +3 },
      ],
      adjustmentType: appscaling.AdjustmentType.CHANGE_IN_CAPACITY,
      cooldown: Duration.minutes(3),
      evaluationPeriods: 2,
    });
    mediaScaling.scaleOnMetric('QueueIdle', {
      metric: queueDepth,
      scalingSteps: [
        { upper: 0, change: -1 },
        { lower: 1, change: 0 },
      ],
      adjustmentType: appscaling.AdjustmentType.CHANGE_IN_CAPACITY,
      cooldown: Duration.minutes(10),
      evaluationPeriods: 5,
    });

    // --- ingest workers: RTMP and SRT behind the network load balancer -------------------------
    const srtPorts = Array.from({ length: config.srtPorts }, (_, i) => config.srtPortFirst + i);
    const ingestTask = task('ingest-worker', 'ingestWorker', 2048, 4096, [
      { containerPort: RTMP_PORT, protocol: ecs.Protocol.TCP },
      ...srtPorts.map((p) => ({ containerPort: p, protocol: ecs.Protocol.UDP })),
    ]);
    this.ingestWorkers = new ecs.FargateService(this, 'IngestWorkers', {
      cluster,
      taskDefinition: ingestTask,
      desiredCount: config.ingestWorkersMin,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
      circuitBreaker: { rollback: true },
      minHealthyPercent: 100,
    });
    redisClient(this.ingestWorkers);
    // Encoders push from anywhere; the stream key in each push is what admits it.
    this.ingestWorkers.connections.allowFromAnyIpv4(ec2.Port.tcp(RTMP_PORT), 'RTMP pushes');
    this.ingestWorkers.connections.allowFromAnyIpv4(ec2.Port.udpRange(srtPorts[0], srtPorts[srtPorts.length - 1]), 'SRT pushes');

    const rtmpHealth = { protocol: elbv2.Protocol.TCP, port: String(RTMP_PORT), interval: Duration.seconds(10) };
    this.nlb.addListener('Rtmp', { port: RTMP_PORT, protocol: elbv2.Protocol.TCP }).addTargets('Rtmp', {
      port: RTMP_PORT,
      protocol: elbv2.Protocol.TCP,
      targets: [this.ingestWorkers.loadBalancerTarget({ containerName: 'ingest-worker', containerPort: RTMP_PORT, protocol: ecs.Protocol.TCP })],
      healthCheck: rtmpHealth,
      deregistrationDelay: Duration.seconds(60),
    });
    for (const port of srtPorts) {
      this.nlb.addListener(`Srt${port}`, { port, protocol: elbv2.Protocol.UDP }).addTargets(`Srt${port}`, {
        port,
        protocol: elbv2.Protocol.UDP,
        targets: [this.ingestWorkers.loadBalancerTarget({ containerName: 'ingest-worker', containerPort: port, protocol: ecs.Protocol.UDP })],
        // UDP has no handshake to check: a worker whose RTMP port answers is taken as up.
        healthCheck: rtmpHealth,
        deregistrationDelay: Duration.seconds(60),
      });
    }
    const ingestScaling = this.ingestWorkers.autoScaleTaskCount({ minCapacity: config.ingestWorkersMin, maxCapacity: config.ingestWorkersMax });
    // A push is pinned to its worker: scale in slowly so a worker is rarely taken from under a broadcast.
    ingestScaling.scaleOnCpuUtilization('Cpu', { targetUtilizationPercent: 50, scaleInCooldown: Duration.minutes(30), scaleOutCooldown: Duration.minutes(1) });
  }
}
