# uriscope engines run by ruby (the argument says which):
#   rfc3986  URI.parse (the RFC 3986 parser: URI::RFC3986_PARSER)
#   rfc2396  the RFC 2396 parser, as the installed Ruby names it:
#            URI::RFC2396_PARSER where it exists (uri 0.12.2 and later),
#            else URI::DEFAULT_PARSER when that is an RFC2396_Parser
# With "version" before the engine's name, one line says which version
# (and which parser) would answer.
#
# Protocol: every stdin line is one URL encoded as a JSON string; for every
# line, one JSON object goes to stdout, in order:
#   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
#    "path": ..., "query": ..., "fragment": ...}   (strings or null)
#   {"ok": false, "error": "..."}
# The URLs are data: they are never evaluated.
require "uri"
require "json"

def rfc2396_parser
  if defined?(URI::RFC2396_PARSER)
    ["URI::RFC2396_PARSER", URI::RFC2396_PARSER]
  elsif URI::DEFAULT_PARSER.class.name.to_s.include?("RFC2396")
    ["URI::DEFAULT_PARSER", URI::DEFAULT_PARSER]
  end
end

def reading(u)
  port = u.port
  # Ruby fills in the scheme's default port: a port equal to it is read as
  # none, as the WHATWG parsers read it.
  port = nil if port && u.respond_to?(:default_port) && port == u.default_port
  {
    "ok" => true,
    "scheme" => u.scheme,
    "userinfo" => u.userinfo,
    # IPv6 literals keep their brackets here (Net::HTTP connects to
    # #hostname, the same host without them).
    "host" => u.host,
    "port" => port&.to_s,
    "path" => u.opaque || u.path,
    "query" => u.query,
    "fragment" => u.fragment,
  }
end

args = ARGV.dup
if args[0] == "version"
  base = "ruby #{RUBY_VERSION}, uri #{defined?(URI::VERSION) ? URI::VERSION : '?'}"
  if args[1] == "rfc2396"
    name, parser = rfc2396_parser
    unless parser
      $stderr.puts "#{base} has no RFC 2396 parser (URI::DEFAULT_PARSER is #{URI::DEFAULT_PARSER.class})"
      exit 3
    end
    puts "#{base}, #{name} (#{parser.class})"
  else
    puts "#{base}, URI.parse"
  end
  exit 0
end

parse =
  if args[0] == "rfc2396"
    _, parser = rfc2396_parser
    abort "this Ruby has no RFC 2396 parser" unless parser
    ->(s) { parser.parse(s) }
  else
    ->(s) { URI.parse(s) }
  end

$stdin.binmode
$stdout.binmode
$stdin.each_line do |line|
  answer =
    begin
      url = JSON.parse(line.force_encoding("UTF-8"), quirks_mode: true)
      raise TypeError, "the input line is not a JSON string" unless url.is_a?(String)
      reading(parse.call(url))
    rescue StandardError => e
      { "ok" => false, "error" => "#{e.class}: #{e.message}" }
    end
  out =
    begin
      JSON.generate(answer, ascii_only: true)
    rescue StandardError
      '{"ok":false,"error":"unencodable answer"}'
    end
  $stdout.write(out, "\n")
end
$stdout.flush
