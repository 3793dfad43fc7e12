// uriscope engines run by java, as a single-file source (java JavaNet.java
// MODE); the argument says which:
//   uri  new java.net.URI(input)
//   url  new java.net.URL(input) (the constructor java.net.http and
//        HttpURLConnection code is handed a URL through)
//
// Protocol: every stdin line is one URL encoded as a JSON string; for every
// line, one JSON object goes to stdout, in order:
//   {"ok": true, "scheme": ..., "userinfo": ..., "host": ..., "port": ...,
//    "path": ..., "query": ..., "fragment": ...}   (strings or null)
//   {"ok": false, "error": "..."}
// The URLs are data: they are never evaluated.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.io.BufferedWriter;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class JavaNet {
    public static void main(String[] args) throws IOException {
        boolean url = args.length > 0 && args[0].equals("url");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16);
        StringBuilder sb = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            sb.setLength(0);
            try {
                if (url) {
                    answerUrl(decode(line), sb);
                } else {
                    answer(decode(line), sb);
                }
            } catch (URISyntaxException e) {
                sb.setLength(0);
                error("URISyntaxException: " + e.getReason() + " at index " + e.getIndex(), sb);
            } catch (Exception e) {
                sb.setLength(0);
                error(e.getClass().getSimpleName() + ": " + e.getMessage(), sb);
            } catch (StackOverflowError e) {
                sb.setLength(0);
                error("StackOverflowError", sb);
            }
            sb.append('\n');
            out.write(sb.toString());
        }
        out.flush();
    }

    static void answer(String input, StringBuilder sb) throws URISyntaxException {
        URI u = new URI(input);
        sb.append("{\"ok\":true");
        field(sb, "scheme", u.getScheme());
        field(sb, "userinfo", u.getRawUserInfo());
        field(sb, "host", u.getHost());
        field(sb, "port", u.getPort() == -1 ? null : Integer.toString(u.getPort()));
        field(sb, "path", u.getRawPath());
        field(sb, "query", u.getRawQuery());
        field(sb, "fragment", u.getRawFragment());
        sb.append('}');
    }

    /** java.net.URL's reading: -1 (no port) is none; the path as getPath() gives it. */
    @SuppressWarnings("deprecation")
    static void answerUrl(String input, StringBuilder sb) throws MalformedURLException {
        URL u = new URL(input);
        sb.append("{\"ok\":true");
        field(sb, "scheme", u.getProtocol());
        field(sb, "userinfo", u.getUserInfo());
        // getHost() gives "" for no host: read as none, as the others do.
        field(sb, "host", u.getHost().isEmpty() ? null : u.getHost());
        field(sb, "port", u.getPort() == -1 ? null : Integer.toString(u.getPort()));
        field(sb, "path", u.getPath());
        field(sb, "query", u.getQuery());
        field(sb, "fragment", u.getRef());
        sb.append('}');
    }

    static void error(String message, StringBuilder sb) {
        sb.append("{\"ok\":false");
        field(sb, "error", message);
        sb.append('}');
    }

    static void field(StringBuilder sb, String key, String value) {
        sb.append(",\"").append(key).append("\":");
        if (value == null) {
            sb.append("null");
            return;
        }
        sb.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') {
                sb.append("\\\"");
            } else if (c == '\\') {
                sb.append("\\\\");
            } else if (c < 0x20 || c > 0x7e) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    /** Decodes one JSON string (the whole line, quotes included). */
    static String decode(String line) {
        String s = line.trim();
        if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
            throw new IllegalArgumentException("the input line is not a JSON string");
        }
        StringBuilder b = new StringBuilder(s.length());
        int end = s.length() - 1;
        for (int i = 1; i < end; i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                if (c == '"') {
                    throw new IllegalArgumentException("unescaped quote in the input line");
                }
                b.append(c);
                continue;
            }
            if (++i >= end) {
                throw new IllegalArgumentException("a dangling escape in the input line");
            }
            char e = s.charAt(i);
            switch (e) {
                case '"': b.append('"'); break;
                case '\\': b.append('\\'); break;
                case '/': b.append('/'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'n': b.append('\n'); break;
                case 'r': b.append('\r'); break;
                case 't': b.append('\t'); break;
                case 'u':
                    if (i + 5 > end) {
                        throw new IllegalArgumentException("a short \\u escape in the input line");
                    }
                    b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    i += 4;
                    break;
                default:
                    throw new IllegalArgumentException("an unknown escape in the input line");
            }
        }
        return b.toString();
    }
}
