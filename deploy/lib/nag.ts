/**
 * The cdk-nag AwsSolutions findings this deployment accepts, each acknowledged on the constructs
 * it concerns with its reason. Everything else fails synthesis (cdk-nag 3 runs as a CDK policy
 * validation plugin) and deploy/platform.test.ts.
 */
import { createRequire } from 'node:module';
import { Validations, type Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

// cdk-nag is CommonJS whose exports Node cannot list for an ESM import: load it with require.
export const cdkNag = createRequire(import.meta.url)('cdk-nag') as typeof import('cdk-nag');

interface Acknowledgement {
  ids: string[];
  /** Construct paths under the stack; each that exists is acknowledged (stacks hold different parts). */
  at: string[];
  reason: string;
}

const TASKS = ['Services/appTask', 'Services/media-workerTask', 'Services/ingest-workerTask'];

const ACKNOWLEDGED: Acknowledgement[] = [
  {
    ids: ['AwsSolutions-SMG4'],
    at: ['RedisAuth', 'Livekit/Keys', 'IngestKeySecret'],
    reason:
      'Each secret is read by several services at task start (Redis AUTH also by ElastiCache, the LiveKit pair by the nodes and the app, the ingest secret derives every stream key): rotating one is a coordinated redeploy, done by the operator (README, Deploying), not a Lambda that would break running tasks.',
  },
  {
    ids: ['AwsSolutions-ECS2'],
    at: [...TASKS, 'Livekit/Task'],
    reason: 'The environment holds only non-secret settings (table, bucket, host names, ports, modes); every secret comes from Secrets Manager through the task definition secrets.',
  },
  {
    ids: ['AwsSolutions-EC23'],
    at: ['Services/Alb', 'Services/IngestWorkers', 'Livekit/Nodes'],
    reason:
      'Public by purpose: the load balancer serves every tenant domain on 80/443; encoders push RTMP/SRT from anywhere (the stream key admits a push); browsers reach LiveKit nodes for WebRTC media on 7881/tcp and 7882/udp.',
  },
  {
    ids: ['AwsSolutions-ELB2'],
    at: ['Services/IngestNlb'],
    reason: 'A network load balancer writes access logs only for TLS listeners; RTMP (TCP) and SRT (UDP) listeners have none to write. Pushes are logged by the ingest workers.',
  },
  {
    ids: [
      'AwsSolutions-IAM5[Resource::<DataTableFDBAD0F2.Arn>/index/*]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'AwsSolutions-IAM5[Resource::<DataMedia56AA92A6.Arn>/*]',
    ],
    at: TASKS,
    reason:
      "Grants made by the table's and bucket's grantReadWrite: the services query the table's index and read, write, list, delete and abort multipart uploads of any tenant's objects in the one media bucket (tenant separation is in the app's keys, docs/decisions/0018).",
  },
  {
    ids: ['AwsSolutions-IAM5[Resource::<ServicesMetricsLogs7DC2F412.Arn>:*]'],
    at: ['Services/appTask'],
    reason: "The metrics agent writes log streams it names itself inside its own log group; streams are only addressable under the group's ARN.",
  },
  {
    ids: ['AwsSolutions-IAM5[Resource::*]'],
    at: ['Services/appTask'],
    reason: 'Polly SynthesizeSpeech and Transcribe StartStreamTranscription have no resource-level permissions (SPEECH_PROVIDER=aws).',
  },
  {
    ids: ['AwsSolutions-IAM5[Resource::*]'],
    at: ['*/Pool/smsRole'],
    reason: "Cognito's SMS role: sns:Publish to a phone number has no resource ARN; phone sign-up texts its codes through it.",
  },
  {
    ids: ['AwsSolutions-COG1'],
    at: ['*/Pool'],
    reason: 'The password rule the local pools and the sign-up screens apply (8+ characters, upper, lower, digit; local/stack/cognito.ts): symbols are not required, as a tenant-facing product rule.',
  },
  {
    ids: ['AwsSolutions-COG2'],
    at: ['*/Pool'],
    reason: 'MFA is optional (authenticator apps), as in the local pools: audiences sign up to attend events, and required MFA would stop most of them; staff can enable it.',
  },
  {
    ids: ['AwsSolutions-COG8'],
    at: ['*/Pool'],
    reason: 'The Plus plan (threat protection) bills per monthly active user on top of Essentials; it is an operator choice per tenant, not a default of every pool.',
  },
];

/** The constructs a path names under `stack`; "*" matches any one child. */
function find(scope: IConstruct, segments: string[]): IConstruct[] {
  if (!segments.length) return [scope];
  const [head, ...rest] = segments;
  const children = head === '*' ? scope.node.children : [scope.node.tryFindChild(head)].filter((c): c is IConstruct => !!c);
  return children.flatMap((c) => find(c, rest));
}

export function acknowledgePlatformFindings(stack: Stack): void {
  for (const { ids, at, reason } of ACKNOWLEDGED) {
    for (const construct of at.flatMap((path) => find(stack, path.split('/')))) {
      for (const id of ids) Validations.of(construct).acknowledge({ id, reason });
    }
  }
}
