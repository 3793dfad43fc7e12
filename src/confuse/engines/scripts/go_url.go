// uriscope engine: Go's net/url (url.Parse), built with `go build` and run.
//
// Protocol: every stdin line is one URL encoded as a JSON string; for every
// line, one JSON object goes to stdout, in order:
//   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
//    "path": ..., "query": ..., "fragment": ...}   (strings or null)
//   {"ok": false, "error": "..."}
// The URLs are data: they are never evaluated.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
)

type reading struct {
	Ok       bool    `json:"ok"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

type failure struct {
	Ok    bool   `json:"ok"`
	Error string `json:"error"`
}

func str(s string) *string { return &s }

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func read(input string) interface{} {
	u, err := url.Parse(input)
	if err != nil {
		// *url.Error repeats the whole input: keep the operation and cause.
		if ue, ok := err.(*url.Error); ok {
			return failure{Ok: false, Error: ue.Op + ": " + ue.Err.Error()}
		}
		return failure{Ok: false, Error: err.Error()}
	}
	a := reading{Ok: true}
	a.Scheme = nonEmpty(u.Scheme)
	if u.User != nil {
		// Go keeps no raw userinfo: String() re-escapes it.
		a.Userinfo = str(u.User.String())
	}
	a.Host = nonEmpty(u.Hostname())
	a.Port = nonEmpty(u.Port())
	if u.Opaque != "" {
		a.Path = str(u.Opaque)
	} else {
		a.Path = str(u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		a.Query = str(u.RawQuery)
	}
	if u.Fragment != "" || u.RawFragment != "" {
		a.Fragment = str(u.EscapedFragment())
	}
	return a
}

func safeRead(input string) (ans interface{}) {
	defer func() {
		if r := recover(); r != nil {
			ans = failure{Ok: false, Error: fmt.Sprint("panic: ", r)}
		}
	}()
	return read(input)
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	for {
		line, err := in.ReadString('\n')
		if len(line) > 0 {
			var input string
			var ans interface{}
			if jerr := json.Unmarshal([]byte(line), &input); jerr != nil {
				ans = failure{Ok: false, Error: "the input line is not a JSON string: " + jerr.Error()}
			} else {
				ans = safeRead(input)
			}
			b, merr := json.Marshal(ans)
			if merr != nil {
				b = []byte(`{"ok":false,"error":"unencodable answer"}`)
			}
			out.Write(b)
			out.WriteByte('\n')
		}
		if err != nil {
			break
		}
	}
	out.Flush()
}
