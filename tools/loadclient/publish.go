package main

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/livekit"
	lksdk "github.com/livekit/server-sdk-go/v2"
	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"
	"github.com/pion/webrtc/v4/pkg/media"
)

// One simulcast layer: LiveKit's default 720p ladder (the web SDK's presets h720/h360/h180).
type layer struct {
	quality       livekit.VideoQuality
	width, height uint32
	bitrate       int // bits a second
	fps           int
	// Real SPS and PPS of a baseline H.264 stream of this size (x264), so the SFU sees a
	// keyframe it can parse; the picture data after them is random.
	sps, pps string
}

var layers = []layer{
	{livekit.VideoQuality_HIGH, 1280, 720, 1_700_000, 30, "6742c01fd9005005bb0110000003001000000303c0f1832480", "68cb83cb20"},
	{livekit.VideoQuality_MEDIUM, 640, 360, 500_000, 30, "6742c01ed900a02ff970110000030001000003003c0f162e48", "68cb83cb20"},
	{livekit.VideoQuality_LOW, 320, 180, 150_000, 15, "6742c00dd901419f9f0110000003001000000303c0f142a480", "68cb83cb20"},
}

const (
	keyframeEvery = 2 * time.Second
	// A keyframe is this many times the size of the average frame (the others are smaller, so the
	// layer's bitrate holds).
	keyframeWeight  = 4
	audioPacketTime = 20 * time.Millisecond
	// Opus at 32 kbps: 80 bytes per 20 ms packet.
	audioPacketBytes = 80
)

var startCode = []byte{0, 0, 0, 1}

type sendCounters struct {
	VideoFrames int64 `json:"videoFrames"`
	VideoBytes  int64 `json:"videoBytes"`
	// The highest layer's frames alone (what a 720p viewer should receive).
	TopFrames    int64 `json:"topFrames"`
	AudioPackets int64 `json:"audioPackets"`
	AudioBytes   int64 `json:"audioBytes"`
	Keyframes    int64 `json:"keyframes"`
}

func (s *sendCounters) add(o sendCounters) {
	s.VideoFrames += o.VideoFrames
	s.VideoBytes += o.VideoBytes
	s.TopFrames += o.TopFrames
	s.AudioPackets += o.AudioPackets
	s.AudioBytes += o.AudioBytes
	s.Keyframes += o.Keyframes
}

type publisher struct {
	room                                       *lksdk.Room
	done                                       chan struct{}
	wg                                         sync.WaitGroup
	videoFrames, videoBytes, topFrames, audioP atomic.Int64
	audioBytes, keyframes                      atomic.Int64
}

func (p *publisher) counters() sendCounters {
	return sendCounters{
		VideoFrames: p.videoFrames.Load(), VideoBytes: p.videoBytes.Load(), TopFrames: p.topFrames.Load(),
		AudioPackets: p.audioP.Load(), AudioBytes: p.audioBytes.Load(), Keyframes: p.keyframes.Load(),
	}
}

func (p *publisher) stop() {
	select {
	case <-p.done:
	default:
		close(p.done)
	}
	p.wg.Wait()
	p.room.Disconnect()
}

// randomBody fills b with random bytes none of which is zero: no start code (00 00 01) can
// appear inside a NAL unit, so the packetizer sees exactly the NAL units we meant.
func randomBody(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.IntN(255) + 1)
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func publish(url, token string, video, audio bool) (*publisher, error) {
	room, err := lksdk.ConnectToRoomWithToken(url, token, lksdk.NewRoomCallback(), lksdk.WithAutoSubscribe(false))
	if err != nil {
		return nil, err
	}
	p := &publisher{room: room, done: make(chan struct{})}
	if video {
		tracks := make([]*lksdk.LocalTrack, len(layers))
		wantKey := make([]*atomic.Bool, len(layers))
		for i, l := range layers {
			want := &atomic.Bool{}
			want.Store(true)
			wantKey[i] = want
			t, err := lksdk.NewLocalSampleTrack(webrtc.RTPCodecCapability{
				MimeType:    webrtc.MimeTypeH264,
				ClockRate:   90000,
				SDPFmtpLine: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f",
			},
				lksdk.WithSimulcast("camera", &livekit.VideoLayer{Quality: l.quality, Width: l.width, Height: l.height, Bitrate: uint32(l.bitrate)}),
				// The SFU asks for a keyframe (PLI/FIR) when a subscriber starts or switches layer.
				lksdk.WithRTCPHandler(func(pkt rtcp.Packet) {
					switch pkt.(type) {
					case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
						want.Store(true)
					}
				}),
			)
			if err != nil {
				room.Disconnect()
				return nil, fmt.Errorf("video track %dp: %w", l.height, err)
			}
			tracks[i] = t
		}
		if _, err := room.LocalParticipant.PublishSimulcastTrack(tracks, &lksdk.TrackPublicationOptions{
			Name: "camera", Source: livekit.TrackSource_CAMERA, VideoWidth: 1280, VideoHeight: 720,
		}); err != nil {
			room.Disconnect()
			return nil, fmt.Errorf("publishing video: %w", err)
		}
		for i, l := range layers {
			p.wg.Add(1)
			go p.sendVideo(tracks[i], l, wantKey[i], i == 0)
		}
	}
	if audio {
		t, err := lksdk.NewLocalSampleTrack(webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2, SDPFmtpLine: "minptime=10;useinbandfec=1"})
		if err != nil {
			room.Disconnect()
			return nil, fmt.Errorf("audio track: %w", err)
		}
		if _, err := room.LocalParticipant.PublishTrack(t, &lksdk.TrackPublicationOptions{Name: "microphone", Source: livekit.TrackSource_MICROPHONE}); err != nil {
			room.Disconnect()
			return nil, fmt.Errorf("publishing audio: %w", err)
		}
		p.wg.Add(1)
		go p.sendAudio(t)
	}
	return p, nil
}

// sendVideo writes one layer's frames at its frame rate: a keyframe (SPS, PPS, IDR) every
// keyframeEvery or when asked, otherwise a non-IDR slice; sizes keep the layer's bitrate.
func (p *publisher) sendVideo(t *lksdk.LocalTrack, l layer, wantKey *atomic.Bool, top bool) {
	defer p.wg.Done()
	r := rand.New(rand.NewPCG(rand.Uint64(), uint64(l.height)))
	interval := time.Second / time.Duration(l.fps)
	average := l.bitrate / 8 / l.fps
	perGop := int(keyframeEvery / interval)
	keySize := keyframeWeight * average
	deltaSize := (perGop*average - keySize) / (perGop - 1)
	sps, pps := mustHex(l.sps), mustHex(l.pps)
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	sinceKey := perGop
	for {
		select {
		case <-p.done:
			return
		case <-ticker.C:
		}
		key := sinceKey >= perGop || wantKey.Swap(false)
		var frame []byte
		if key {
			frame = make([]byte, 0, keySize+len(sps)+len(pps)+16)
			frame = append(append(append(frame, startCode...), sps...), startCode...)
			frame = append(append(frame, pps...), startCode...)
			frame = append(frame, 0x65) // IDR slice
			body := make([]byte, keySize)
			randomBody(r, body)
			frame = append(frame, body...)
			sinceKey = 0
			p.keyframes.Add(1)
		} else {
			frame = make([]byte, 5+deltaSize)
			copy(frame, startCode)
			frame[4] = 0x41 // non-IDR slice
			randomBody(r, frame[5:])
		}
		sinceKey++
		if err := t.WriteSample(media.Sample{Data: frame, Duration: interval}, nil); err != nil {
			continue
		}
		p.videoFrames.Add(1)
		p.videoBytes.Add(int64(len(frame)))
		if top {
			p.topFrames.Add(1)
		}
	}
}

// sendAudio writes an Opus-sized packet every 20 ms (TOC byte of a 20 ms CELT frame, random body).
func (p *publisher) sendAudio(t *lksdk.LocalTrack) {
	defer p.wg.Done()
	r := rand.New(rand.NewPCG(rand.Uint64(), 48000))
	ticker := time.NewTicker(audioPacketTime)
	defer ticker.Stop()
	for {
		select {
		case <-p.done:
			return
		case <-ticker.C:
		}
		packet := make([]byte, audioPacketBytes)
		packet[0] = 0xf8
		randomBody(r, packet[1:])
		if err := t.WriteSample(media.Sample{Data: packet, Duration: audioPacketTime}, nil); err != nil {
			continue
		}
		p.audioP.Add(1)
		p.audioBytes.Add(int64(len(packet)))
	}
}
