/**
 * LiveKit Egress for rooms (docs/decisions/0030): a room composite recorded to an MP4 and to HLS
 * segments in the tenant's storage prefix, and a room composite streamed to RTMP destinations.
 * Calls go through livekit-server-sdk's EgressClient (LiveKit's Twirp API) with the tenant's own
 * key pair, to LIVEKIT_EGRESS_API_URL or the tenant's room-service URL. Only where LIVEKIT_EGRESS=on.
 */
import {
  EgressClient,
  EncodedFileOutput,
  EncodedFileType,
  EncodingOptionsPreset,
  S3Upload,
  SegmentedFileOutput,
  SegmentedFileProtocol,
  StreamOutput,
  StreamProtocol,
  type EgressInfo,
} from 'livekit-server-sdk';
import type { Env } from '#server/env.server';
import type { VideoService } from '#server/platform/video.server';

type VideoTenant = Parameters<VideoService['config']>[0];
export type EgressEnv = Pick<Env, 'LIVEKIT_EGRESS' | 'LIVEKIT_EGRESS_API_URL' | 'EGRESS_S3_ACCESS_KEY' | 'EGRESS_S3_SECRET' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'AWS_REGION'>;

/** Egress calls give up after this long: a start or stop button never hangs. */
export const EGRESS_TIMEOUT_SECONDS = 10;
/** HLS segment length of a cloud recording. */
export const RECORDING_SEGMENT_SECONDS = 4;

/** Where one recording's files go, as full object keys (tenant prefix included). */
export interface RecordingTargets {
  /** The MP4: the media item's original key, so the media pipeline takes it from there. */
  mp4Key: string;
  /** The HLS segments' prefix and playlist name, beside the item's files. */
  hlsPrefix: string;
  playlistName: string;
}

export class EgressService {
  private readonly clients = new Map<string, EgressClient>();

  constructor(
    private readonly env: EgressEnv,
    private readonly video: Pick<VideoService, 'config'>,
  ) {}

  get enabled(): boolean {
    return this.env.LIVEKIT_EGRESS === 'on';
  }

  private client(tenant: VideoTenant): EgressClient {
    const { apiUrl, apiKey, apiSecret } = this.video.config(tenant);
    const url = tenant.video?.livekitUrl ? apiUrl : (this.env.LIVEKIT_EGRESS_API_URL ?? apiUrl);
    const key = `${url} ${apiKey}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new EgressClient(url, apiKey, apiSecret, { requestTimeout: EGRESS_TIMEOUT_SECONDS, failover: false });
      this.clients.set(key, client);
    }
    return client;
  }

  /** The media bucket as the egress service writes to it. */
  private s3(): S3Upload {
    return new S3Upload({
      bucket: this.env.S3_BUCKET,
      region: this.env.AWS_REGION,
      endpoint: this.env.S3_ENDPOINT ?? '',
      forcePathStyle: this.env.S3_FORCE_PATH_STYLE,
      accessKey: this.env.EGRESS_S3_ACCESS_KEY ?? '',
      secret: this.env.EGRESS_S3_SECRET ?? '',
    });
  }

  /** Starts recording the room: one room composite to an MP4 and to HLS segments. */
  async startRecording(tenant: VideoTenant, roomName: string, targets: RecordingTargets): Promise<EgressInfo> {
    const s3 = this.s3();
    const file = new EncodedFileOutput({ fileType: EncodedFileType.MP4, filepath: targets.mp4Key, output: { case: 's3', value: s3 } });
    const segments = new SegmentedFileOutput({
      protocol: SegmentedFileProtocol.HLS_PROTOCOL,
      filenamePrefix: targets.hlsPrefix,
      playlistName: targets.playlistName,
      segmentDuration: RECORDING_SEGMENT_SECONDS,
      output: { case: 's3', value: s3 },
    });
    return this.client(tenant).startRoomCompositeEgress(roomName, { file, segments }, { layout: 'speaker', encodingOptions: EncodingOptionsPreset.H264_720P_30 });
  }

  /** Starts streaming the room to RTMP URLs (each destination's URL with its key). */
  async startStream(tenant: VideoTenant, roomName: string, urls: string[]): Promise<EgressInfo> {
    const stream = new StreamOutput({ protocol: StreamProtocol.RTMP, urls });
    return this.client(tenant).startRoomCompositeEgress(roomName, { stream }, { layout: 'speaker', encodingOptions: EncodingOptionsPreset.H264_720P_30 });
  }

  /** Adds and removes RTMP URLs of a running stream egress. */
  async updateStream(tenant: VideoTenant, egressId: string, add: string[], remove: string[]): Promise<EgressInfo> {
    return this.client(tenant).updateStream(egressId, add, remove);
  }

  async stop(tenant: VideoTenant, egressId: string): Promise<EgressInfo> {
    return this.client(tenant).stopEgress(egressId);
  }
}
