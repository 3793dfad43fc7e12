// uriscope engine: Node's WHATWG `new URL()` (argument "whatwg") or the
// legacy `url.parse()` (argument "legacy").
//
// Protocol: every stdin line is one URL encoded as a JSON string; for every
// line, one JSON object goes to stdout, in order:
//   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
//    "path": ..., "query": ..., "fragment": ...}   (strings or null)
//   {"ok": false, "error": "..."}
// The URLs are data: they are never evaluated.
'use strict';
const url = require('url');

const mode = process.argv.includes('legacy') ? 'legacy' : 'whatwg';

function orNull(s) {
  return s === undefined || s === null || s === '' ? null : String(s);
}

function strip(s, prefix) {
  if (s === undefined || s === null || s === '') return null;
  return s.startsWith(prefix) ? s.slice(prefix.length) : s;
}

function whatwg(input) {
  const u = new URL(input);
  // username and password are percent-encoded (raw); the getters give ''
  // for none, so an empty userinfo, port, query or fragment reads as null.
  let userinfo = null;
  if (u.username !== '' || u.password !== '') {
    userinfo = u.username + (u.password !== '' ? ':' + u.password : '');
  }
  return {
    ok: true,
    scheme: strip(u.protocol, '').replace(/:$/, ''),
    userinfo: userinfo,
    host: orNull(u.hostname),
    port: orNull(u.port),
    path: u.pathname,
    query: strip(u.search, '?'),
    fragment: strip(u.hash, '#'),
  };
}

function legacy(input) {
  const u = url.parse(input);
  return {
    ok: true,
    scheme: u.protocol ? u.protocol.replace(/:$/, '') : null,
    // url.parse percent-decodes auth: that is its reading.
    userinfo: orNull(u.auth),
    host: orNull(u.hostname),
    port: orNull(u.port),
    path: u.pathname === null || u.pathname === undefined ? null : u.pathname,
    query: strip(u.search, '?'),
    fragment: strip(u.hash, '#'),
  };
}

const read = mode === 'legacy' ? legacy : whatwg;

function answer(line) {
  try {
    const input = JSON.parse(line);
    if (typeof input !== 'string') throw new TypeError('the input line is not a JSON string');
    return JSON.stringify(read(input));
  } catch (e) {
    const name = e && e.code ? e.code : e && e.name ? e.name : 'Error';
    const message = e && e.message !== undefined ? e.message : String(e);
    return JSON.stringify({ ok: false, error: name + ': ' + message });
  }
}

let pending = '';
let out = [];
let outLen = 0;

function emit(s) {
  out.push(s, '\n');
  outLen += s.length + 1;
  if (outLen > (1 << 20)) flush();
}

function flush() {
  if (out.length) process.stdout.write(out.join(''));
  out = [];
  outLen = 0;
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let start = 0;
  let nl;
  while ((nl = pending.indexOf('\n', start)) >= 0) {
    emit(answer(pending.slice(start, nl)));
    start = nl + 1;
  }
  pending = pending.slice(start);
});
process.stdin.on('end', () => {
  if (pending !== '') emit(answer(pending));
  flush();
});
