// lk-load: the SFU capacity bench's load client (bench/rooms.ts). It publishes synthetic 720p
// simulcast H.264 and Opus audio (random payloads shaped like an encoder's output, nothing is
// encoded) and holds many subscribers that read RTP without decoding, counting packets, bytes,
// sequence gaps (loss) and frames (marker bits).
//
// It is driven over stdin/stdout, one JSON object a line, so one process can publish or hold
// hundreds of subscribers while the bench orchestrates:
//
//	{"type":"publish","url":"ws://…","token":"…","video":true,"audio":true}  → {"type":"published"}
//	{"type":"join","url":"ws://…","tokens":["…"],"video":1,"audio":1}        → {"type":"joined","joined":n,"failures":[…]}
//	{"type":"sample"}                                                         → {"type":"sample","sent":{…},"subscribers":[…],"dropped":n}
//	{"type":"leave"}                                                          → {"type":"left"} (then exits)
//
// A failed order answers {"type":"error","message":"…"}.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"sync"

	"github.com/go-logr/stdr"
	protoLogger "github.com/livekit/protocol/logger"
	lksdk "github.com/livekit/server-sdk-go/v2"
)

type order struct {
	Type   string   `json:"type"`
	URL    string   `json:"url"`
	Token  string   `json:"token"`
	Tokens []string `json:"tokens"`
	// publish: which tracks to send.
	Video bool `json:"video"`
	Audio bool `json:"audio"`
	// join: how many video and audio tracks each subscriber waits for before it counts as joined.
	VideoTracks int `json:"videoTracks"`
	AudioTracks int `json:"audioTracks"`
}

type answer = map[string]any

type client struct {
	out        *json.Encoder
	outLock    sync.Mutex
	publishers []*publisher
	subs       *subscribers
}

func (c *client) send(a answer) {
	c.outLock.Lock()
	defer c.outLock.Unlock()
	if err := c.out.Encode(a); err != nil {
		log.Fatalf("lk-load: cannot write to stdout: %v", err)
	}
}

func (c *client) handle(o order) {
	switch o.Type {
	case "publish":
		p, err := publish(o.URL, o.Token, o.Video, o.Audio)
		if err != nil {
			c.send(answer{"type": "error", "message": fmt.Sprintf("publish: %v", err)})
			return
		}
		c.publishers = append(c.publishers, p)
		c.send(answer{"type": "published"})
	case "join":
		joined, failures := c.subs.join(o.URL, o.Tokens, o.VideoTracks, o.AudioTracks)
		c.send(answer{"type": "joined", "joined": joined, "failures": failures})
	case "sample":
		sent := sendCounters{}
		for _, p := range c.publishers {
			sent.add(p.counters())
		}
		subs, dropped := c.subs.sample()
		c.send(answer{"type": "sample", "sent": sent, "subscribers": subs, "dropped": dropped})
	case "leave":
		for _, p := range c.publishers {
			p.stop()
		}
		c.subs.leave()
		c.send(answer{"type": "left"})
		os.Exit(0)
	default:
		c.send(answer{"type": "error", "message": fmt.Sprintf("unknown order %q", o.Type)})
	}
}

func main() {
	// The SDK logs every connection at info level to stderr: keep warnings and errors only.
	stdr.SetVerbosity(0)
	lksdk.SetLogger(protoLogger.LogRLogger(stdr.New(log.New(os.Stderr, "lk-load ", log.LstdFlags))))
	if len(os.Args) > 1 && (os.Args[1] == "--version" || os.Args[1] == "-v") {
		fmt.Println("lk-load (server-sdk-go " + lksdk.Version + ")")
		return
	}
	c := &client{out: json.NewEncoder(os.Stdout), subs: &subscribers{}}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			var o order
			if jsonErr := json.Unmarshal(line, &o); jsonErr != nil {
				c.send(answer{"type": "error", "message": fmt.Sprintf("not a JSON order: %v", jsonErr)})
			} else {
				// Orders are handled one at a time, in order: the bench waits for each answer.
				c.handle(o)
			}
		}
		if err == io.EOF {
			// The bench went away: leave the room rather than linger.
			c.handle(order{Type: "leave"})
		} else if err != nil {
			log.Fatalf("lk-load: reading stdin: %v", err)
		}
	}
}
