# uriscope engine run by perl: URI->new (the URI module, as LWP and most
# Perl code read a URL). With "version", one line says which version
# would answer.
#
# Protocol: every stdin line is one URL encoded as a JSON string; for every
# line, one JSON object goes to stdout, in order:
#   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
#    "path": ..., "query": ..., "fragment": ...}   (strings or null)
#   {"ok": false, "error": "..."}
# The URLs are data: they are never evaluated.
use strict;
use warnings;
use URI;
use JSON::PP;

if (@ARGV && $ARGV[0] eq 'version') {
    printf "URI %s (perl %vd)\n", $URI::VERSION, $^V;
    exit 0;
}

my $in = JSON::PP->new->utf8->allow_nonref;
my $out = JSON::PP->new->ascii->canonical->allow_nonref;

sub reading {
    my ($url) = @_;
    my $u = URI->new($url);
    # Only URLs with an authority (URI::_server: http, https, ftp, …) have
    # a host, a port and a userinfo; ->host is the host unescaped, the one
    # LWP connects to; ->_port the port as written (->port adds the
    # default).
    my $server = $u->can('host') && $u->can('_port');
    my $path = $u->can('path') ? $u->path : $u->opaque;
    return {
        ok => JSON::PP::true,
        scheme => scalar $u->scheme,
        userinfo => $server ? scalar $u->userinfo : undef,
        host => $server ? scalar $u->host : undef,
        port => $server ? scalar $u->_port : undef,
        path => $path,
        query => ($u->can('query') ? scalar $u->query : undef),
        fragment => scalar $u->fragment,
    };
}

binmode STDIN;
binmode STDOUT;
while (my $line = <STDIN>) {
    my $answer = eval {
        die "the input line is not a JSON string\n" unless $line =~ /\A\s*"/;
        my $url = $in->decode($line);
        reading($url);
    };
    if (!$answer) {
        my $e = $@ || 'unknown error';
        $e =~ s/\s+\z//;
        $answer = { ok => JSON::PP::false, error => $e };
    }
    for my $k (qw(scheme userinfo host port path query fragment)) {
        $answer->{$k} = "$answer->{$k}" if defined $answer->{$k};
    }
    my $text = eval { $out->encode($answer) } // '{"ok":false,"error":"unencodable answer"}';
    print $text, "\n";
}
