<?php
// uriscope engines run by php (the argument says which):
//   parse_url   parse_url($url)
//   filter_var  filter_var($url, FILTER_VALIDATE_URL), an allowlist check in
//               itself: a URL it refuses is refused; one it lets through is
//               read by parse_url, as filter_var itself reads it
// With "version" before the engine's name, one line says which version
// would answer.
//
// Protocol: every stdin line is one URL encoded as a JSON string; for every
// line, one JSON object goes to stdout, in order:
//   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
//    "path": ..., "query": ..., "fragment": ...}   (strings or null)
//   {"ok": false, "error": "..."}
// The URLs are data: they are never evaluated.

$args = array_slice($argv, 1);
if (($args[0] ?? '') === 'version') {
    if (!function_exists('filter_var') || !function_exists('json_encode')) {
        fwrite(STDERR, "this PHP has no filter or json extension\n");
        exit(3);
    }
    echo 'PHP ' . PHP_VERSION, "\n";
    exit(0);
}
$mode = $args[0] ?? 'parse_url';

function reading($url) {
    $p = parse_url($url);
    if ($p === false) {
        return ['ok' => false, 'error' => 'parse_url returned false'];
    }
    $userinfo = null;
    if (isset($p['user']) || isset($p['pass'])) {
        $userinfo = ($p['user'] ?? '') . (isset($p['pass']) ? ':' . $p['pass'] : '');
    }
    $s = function ($k) use ($p) {
        return isset($p[$k]) ? (string) $p[$k] : null;
    };
    return [
        'ok' => true,
        'scheme' => $s('scheme'),
        'userinfo' => $userinfo,
        'host' => $s('host'),
        'port' => $s('port'),
        'path' => $s('path'),
        'query' => $s('query'),
        'fragment' => $s('fragment'),
    ];
}

function answer($line, $mode) {
    $url = json_decode($line);
    if (!is_string($url)) {
        return ['ok' => false, 'error' => 'the input line is not a JSON string'];
    }
    if ($mode === 'filter_var' && filter_var($url, FILTER_VALIDATE_URL) === false) {
        return ['ok' => false, 'error' => 'filter_var(FILTER_VALIDATE_URL) refuses it'];
    }
    return reading($url);
}

$flags = JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE;
while (($line = fgets(STDIN)) !== false) {
    try {
        $a = answer(rtrim($line, "\n"), $mode);
    } catch (Throwable $e) {
        $a = ['ok' => false, 'error' => get_class($e) . ': ' . $e->getMessage()];
    }
    $json = json_encode($a, $flags);
    if ($json === false) {
        $json = '{"ok":false,"error":"unencodable answer"}';
    }
    fwrite(STDOUT, $json . "\n");
}
