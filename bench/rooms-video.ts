// What the synthetic publisher of bench/rooms sends, apart from the WebRTC code (bench/rooms-media.ts)
// so the benchmark process can judge frame rates and layers without loading rtc-node's native code.
export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
export const VIDEO_FPS = 30;
/** LiveKit's own 720p preset (livekit-client VideoPresets.h720): 1.7 Mbps at 30 fps. */
export const VIDEO_MAX_BITRATE = 1_700_000;
