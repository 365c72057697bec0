package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/livekit"
	lksdk "github.com/livekit/server-sdk-go/v2"
	"github.com/pion/webrtc/v4"
)

const (
	// Joins in flight at once: a burst of handshakes would itself cost packets.
	joinConcurrency = 8
	// A subscriber without every expected track by then counts as failed.
	joinTimeout = 20 * time.Second
)

// trackCounters: what one subscriber received on one track, read from RTP without decoding.
type trackCounters struct {
	mu       sync.Mutex
	video    bool
	packets  int64
	bytes    int64
	frames   int64 // RTP marker bits: the last packet of each video frame
	started  bool
	firstSeq int64 // extended sequence numbers (16-bit numbers unwrapped)
	maxSeq   int64
}

func (c *trackCounters) record(seq uint16, payload int, marker bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.started {
		c.started, c.firstSeq, c.maxSeq = true, int64(seq), int64(seq)
	} else {
		// Unwrap against the highest seen: the closest extended number with these low 16 bits.
		ext := (c.maxSeq &^ 0xffff) | int64(seq)
		if ext-c.maxSeq > 1<<15 {
			ext -= 1 << 16
		} else if c.maxSeq-ext > 1<<15 {
			ext += 1 << 16
		}
		if ext > c.maxSeq {
			c.maxSeq = ext
		}
	}
	c.packets++
	c.bytes += int64(payload)
	if c.video && marker {
		c.frames++
	}
}

// Subscriber is one subscriber's cumulative figures, as the bench reads them.
type Subscriber struct {
	Connected    bool  `json:"connected"`
	VideoPackets int64 `json:"videoPackets"`
	AudioPackets int64 `json:"audioPackets"`
	Bytes        int64 `json:"bytes"`
	Frames       int64 `json:"frames"`
	// Expected minus received, over every track (as RTCP receiver reports count it: a packet
	// that arrives late, retransmitted, is not lost).
	Lost int64 `json:"lost"`
}

type subscriber struct {
	room      *lksdk.Room
	connected atomic.Bool
	mu        sync.Mutex
	tracks    []*trackCounters
}

func (s *subscriber) figures() Subscriber {
	s.mu.Lock()
	tracks := append([]*trackCounters(nil), s.tracks...)
	s.mu.Unlock()
	out := Subscriber{Connected: s.connected.Load()}
	for _, t := range tracks {
		t.mu.Lock()
		if t.video {
			out.VideoPackets += t.packets
		} else {
			out.AudioPackets += t.packets
		}
		out.Bytes += t.bytes
		out.Frames += t.frames
		if t.started {
			if lost := t.maxSeq - t.firstSeq + 1 - t.packets; lost > 0 {
				out.Lost += lost
			}
		}
		t.mu.Unlock()
	}
	return out
}

type subscribers struct {
	mu      sync.Mutex
	all     []*subscriber
	dropped atomic.Int64
}

// readTrack counts every RTP packet of a track until it ends.
func (s *subscriber) readTrack(track *webrtc.TrackRemote, c *trackCounters) {
	for {
		pkt, _, err := track.ReadRTP()
		if err != nil {
			return
		}
		c.record(pkt.SequenceNumber, len(pkt.Payload), pkt.Marker)
	}
}

func (subs *subscribers) joinOne(url, token string, videoTracks, audioTracks int) (*subscriber, error) {
	s := &subscriber{}
	var video, audio atomic.Int64
	ready := make(chan struct{})
	var readyOnce sync.Once
	cb := lksdk.NewRoomCallback()
	cb.OnTrackSubscribed = func(track *webrtc.TrackRemote, pub *lksdk.RemoteTrackPublication, _ *lksdk.RemoteParticipant) {
		isVideo := track.Kind() == webrtc.RTPCodecTypeVideo
		if isVideo {
			// The top layer, as a full-screen viewer on a good link gets.
			_ = pub.SetVideoQuality(livekit.VideoQuality_HIGH)
		}
		c := &trackCounters{video: isVideo}
		s.mu.Lock()
		s.tracks = append(s.tracks, c)
		s.mu.Unlock()
		go s.readTrack(track, c)
		if isVideo {
			video.Add(1)
		} else {
			audio.Add(1)
		}
		if video.Load() >= int64(videoTracks) && audio.Load() >= int64(audioTracks) {
			readyOnce.Do(func() { close(ready) })
		}
	}
	cb.OnDisconnected = func() {
		if s.connected.Swap(false) {
			subs.dropped.Add(1)
		}
	}
	room, err := lksdk.ConnectToRoomWithToken(url, token, cb, lksdk.WithAutoSubscribe(true))
	if err != nil {
		return nil, err
	}
	s.room = room
	s.connected.Store(true)
	if videoTracks == 0 && audioTracks == 0 {
		return s, nil
	}
	select {
	case <-ready:
		return s, nil
	case <-time.After(joinTimeout):
		s.connected.Store(false)
		room.Disconnect()
		return nil, fmt.Errorf("not %d video and %d audio tracks within %s (got %d and %d)", videoTracks, audioTracks, joinTimeout, video.Load(), audio.Load())
	}
}

// join connects every token's subscriber, a few at a time, and keeps those that joined.
func (subs *subscribers) join(url string, tokens []string, videoTracks, audioTracks int) (int, []string) {
	var mu sync.Mutex
	failures := []string{}
	joined := 0
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range joinConcurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(tokens) {
					return
				}
				s, err := subs.joinOne(url, tokens[i], videoTracks, audioTracks)
				mu.Lock()
				if err != nil {
					failures = append(failures, err.Error())
				} else {
					joined++
					subs.mu.Lock()
					subs.all = append(subs.all, s)
					subs.mu.Unlock()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return joined, failures
}

func (subs *subscribers) sample() ([]Subscriber, int64) {
	subs.mu.Lock()
	all := append([]*subscriber(nil), subs.all...)
	subs.mu.Unlock()
	out := make([]Subscriber, len(all))
	for i, s := range all {
		out[i] = s.figures()
	}
	return out, subs.dropped.Load()
}

func (subs *subscribers) leave() {
	subs.mu.Lock()
	all := subs.all
	subs.all = nil
	subs.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.connected.Store(false)
			s.room.Disconnect()
		}()
	}
	wg.Wait()
}
