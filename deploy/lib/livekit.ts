/**
 * LiveKit for the rooms: self-hosted nodes on Fargate (the default), or LiveKit Cloud by
 * configuration (livekit=cloud), in which case this stack runs none and passes the project's URL
 * and key pair to the app. Self-hosted nodes: signalling (7880) behind the application load
 * balancer under the livekitUrl host name; media straight to each node's public address over one
 * UDP port (7882, LiveKit's UDP mux) and the TCP fallback (7881); rooms shared between nodes
 * through the platform's Redis.
 */
import { Duration } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as elbv2 from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { DeployConfig } from './config';

export const LIVEKIT_SIGNAL_PORT = 7880;
export const LIVEKIT_TCP_PORT = 7881;
export const LIVEKIT_UDP_PORT = 7882;
/** The API key name of the self-hosted pair (not secret: it names the pair; the secret is generated). */
const SELF_HOSTED_KEY = 'platform';

export interface LivekitProps {
  config: DeployConfig;
  vpc: ec2.IVpc;
  cluster: ecs.Cluster;
  redis: { host: string; port: number; securityGroup: ec2.ISecurityGroup; auth: secretsmanager.ISecret };
}

export class PlatformLivekit extends Construct {
  /** {"apiKey", "apiSecret"}: generated here (self-hosted) or LiveKit Cloud's, given by ARN. */
  readonly keys: secretsmanager.ISecret;
  readonly url: string;
  readonly service?: ecs.FargateService;

  constructor(scope: Construct, id: string, props: LivekitProps) {
    super(scope, id);
    const { config } = props;
    this.url = config.livekitUrl;
    if (config.livekit === 'cloud') {
      this.keys = secretsmanager.Secret.fromSecretCompleteArn(this, 'CloudKeys', config.livekitSecretArn!);
      return;
    }
    this.keys = new secretsmanager.Secret(this, 'Keys', {
      description: 'LiveKit API key pair of the self-hosted nodes (apiKey, apiSecret)',
      generateSecretString: { secretStringTemplate: JSON.stringify({ apiKey: SELF_HOSTED_KEY }), generateStringKey: 'apiSecret', passwordLength: 48, excludePunctuation: true },
    });
    const task = new ecs.FargateTaskDefinition(this, 'Task', { cpu: 2048, memoryLimitMiB: 4096 });
    const configYaml = [
      `port: ${LIVEKIT_SIGNAL_PORT}`,
      'rtc:',
      `  tcp_port: ${LIVEKIT_TCP_PORT}`,
      `  udp_port: ${LIVEKIT_UDP_PORT}`,
      '  use_external_ip: true',
      'redis:',
      '  use_tls: true',
      'room:',
      '  empty_timeout: 300',
      'logging:',
      '  json: true',
      '  level: info',
      '',
    ].join('\n');
    task.addContainer('livekit', {
      image: ecs.ContainerImage.fromRegistry(config.livekitImage),
      // The key pair and Redis's password come from Secrets Manager as variables; the server takes them as flags.
      entryPoint: ['sh', '-c'],
      command: ['exec /livekit-server --keys "$LK_API_KEY: $LK_API_SECRET" --redis-host "$REDIS_HOST:$REDIS_PORT" --redis-password "$REDIS_AUTH"'],
      environment: { LIVEKIT_CONFIG: configYaml, REDIS_HOST: props.redis.host, REDIS_PORT: String(props.redis.port) },
      secrets: {
        LK_API_KEY: ecs.Secret.fromSecretsManager(this.keys, 'apiKey'),
        LK_API_SECRET: ecs.Secret.fromSecretsManager(this.keys, 'apiSecret'),
        REDIS_AUTH: ecs.Secret.fromSecretsManager(props.redis.auth),
      },
      portMappings: [
        { containerPort: LIVEKIT_SIGNAL_PORT, protocol: ecs.Protocol.TCP },
        { containerPort: LIVEKIT_TCP_PORT, protocol: ecs.Protocol.TCP },
        { containerPort: LIVEKIT_UDP_PORT, protocol: ecs.Protocol.UDP },
      ],
      logging: ecs.LogDriver.awsLogs({ streamPrefix: 'livekit', logRetention: logs.RetentionDays.ONE_MONTH }),
      stopTimeout: Duration.seconds(60),
    });
    this.service = new ecs.FargateService(this, 'Nodes', {
      cluster: props.cluster,
      taskDefinition: task,
      // A room lives on one node, so the count is set by configuration (livekitNodes), not scaled under running rooms.
      desiredCount: config.livekitNodes,
      // WebRTC media reaches each node at its own public address.
      assignPublicIp: true,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      circuitBreaker: { rollback: true },
      minHealthyPercent: 100,
    });
    props.redis.securityGroup.connections.allowFrom(this.service, ec2.Port.tcp(props.redis.port), 'LiveKit room state in Redis');
    this.service.connections.allowFromAnyIpv4(ec2.Port.tcp(LIVEKIT_TCP_PORT), 'WebRTC over TCP');
    this.service.connections.allowFromAnyIpv4(ec2.Port.udp(LIVEKIT_UDP_PORT), 'WebRTC media (UDP mux)');
  }

  /** Routes the livekitUrl host name on the HTTPS listener to the nodes' signalling port. */
  routeSignalling(listener: elbv2.ApplicationListener): void {
    if (!this.service) return;
    listener.addTargets('Livekit', {
      priority: 10,
      conditions: [elbv2.ListenerCondition.hostHeaders([new URL(this.url.replace(/^wss:/, 'https:')).hostname])],
      port: LIVEKIT_SIGNAL_PORT,
      protocol: elbv2.ApplicationProtocol.HTTP,
      targets: [this.service.loadBalancerTarget({ containerName: 'livekit', containerPort: LIVEKIT_SIGNAL_PORT })],
      healthCheck: { path: '/', healthyHttpCodes: '200', interval: Duration.seconds(15) },
      deregistrationDelay: Duration.seconds(60),
    });
  }
}

