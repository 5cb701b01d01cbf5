// The RupeeRail client wrapper for Java 17+, JDK only: every operation's sample calls it. Save it
// as RupeeRail.java beside your code. It reads from the environment:
//   PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
//   WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
//   PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
//     key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
//     PARTNER_SIGNING_ALG is ed25519 (the default) or ecdsa-p256-sha256.
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class RupeeRail {
    // The environment the token is for; production: "api.rupeerail.example".
    private static final String AUDIENCE = "sandbox.rupeerail.example";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    // The JDK has no JSON parser: the top-level response_code is read with a pattern. With Jackson
    // or Gson in your project, parse the answer instead.
    private static final Pattern RESPONSE_CODE = Pattern.compile("\"response_code\"\\s*:\\s*(\\d+)");

    /** One call: body is the exact JSON text sent (null for none). */
    public record Request(String method, String url, String body, boolean signed, boolean secretProof) {
        public Request(String method, String url, String body) {
            this(method, url, body, false, false);
        }

        public Request withSignature() {
            return new Request(method, url, body, true, secretProof);
        }

        public Request withSecretProof() {
            return new Request(method, url, body, signed, true);
        }
    }

    private RupeeRail() {}

    private static String env(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty())
            throw new IllegalStateException("Set " + name + " in the environment (see /HeaderMarkdown).");
        return value;
    }

    private static String b64url(byte[] data) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(data);
    }

    private static byte[] hmac(String secret, String text) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }

    public static String makeToken(String reqId) throws Exception {
        String header = b64url(String.format("{\"alg\":\"HS256\",\"typ\":\"JWT\",\"kid\":\"%s\"}", env("PARTNER_KEY_ID"))
                .getBytes(StandardCharsets.UTF_8));
        long iat = System.currentTimeMillis() / 1000;
        // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
        String claims = b64url(String.format(
                "{\"partnerId\":\"%s\",\"iat\":%d,\"exp\":%d,\"aud\":\"%s\",\"reqId\":\"%s\"}",
                env("PARTNER_ID"), iat, iat + 60, AUDIENCE, reqId).getBytes(StandardCharsets.UTF_8));
        return header + "." + claims + "." + b64url(hmac(env("PARTNER_SECRET"), header + "." + claims));
    }

    /** RFC 9421 signature of a money-moving call: method, path, body digest and token, bound to reqId. */
    public static Map<String, String> signatureHeaders(
            String method, String url, String body, String authorization, String nonce, long created) throws Exception {
        String alg = System.getenv().getOrDefault("PARTNER_SIGNING_ALG", "ed25519");
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8));
        String digest = "sha-256=:" + Base64.getEncoder().encodeToString(sha) + ":";
        String params = "(\"@method\" \"@path\" \"content-digest\" \"authorization\")" + ";created=" + created
                + ";keyid=\"" + env("PARTNER_SIGNING_KEY_ID") + "\";alg=\"" + alg + "\";nonce=\"" + nonce + "\"";
        String base = String.join("\n",
                "\"@method\": " + method,
                "\"@path\": " + URI.create(url).getRawPath(),
                "\"content-digest\": " + digest,
                "\"authorization\": " + authorization,
                "\"@signature-params\": " + params);
        boolean ed25519 = alg.equals("ed25519");
        PrivateKey key = KeyFactory.getInstance(ed25519 ? "Ed25519" : "EC")
                .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(env("PARTNER_SIGNING_KEY"))));
        Signature signer = Signature.getInstance(ed25519 ? "Ed25519" : "SHA256withECDSA");
        signer.initSign(key);
        signer.update(base.getBytes(StandardCharsets.UTF_8));
        byte[] signature = ed25519 ? signer.sign() : derToRaw(signer.sign());
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Digest", digest);
        headers.put("Signature-Input", "sig1=" + params);
        headers.put("Signature", "sig1=:" + Base64.getEncoder().encodeToString(signature) + ":");
        return headers;
    }

    /** SHA256withECDSA gives DER (SEQUENCE of two INTEGERs); the header carries the raw r || s, 32 bytes each. */
    static byte[] derToRaw(byte[] der) {
        byte[] raw = new byte[64];
        int at = der[1] < 0 ? 2 + (der[1] & 0x7f) : 2; // skip the SEQUENCE header
        for (int half = 0; half < 2; half++) {
            int length = der[at + 1];
            byte[] value = Arrays.copyOfRange(der, at + 2, at + 2 + length);
            int skip = Math.max(0, value.length - 32); // a leading 0x00 keeps a DER INTEGER positive
            System.arraycopy(value, skip, raw, half * 32 + 32 - (value.length - skip), value.length - skip);
            at += 2 + length;
        }
        return raw;
    }

    /** One request with a fresh token; null when no answer came (a timeout, a dropped connection). */
    static String send(Request request) throws Exception {
        String raw = request.body() == null ? "" : request.body();
        String reqId = UUID.randomUUID().toString();
        String authorization = "Bearer " + makeToken(reqId);
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(request.url()))
                .timeout(TIMEOUT)
                .header("Authorization", authorization)
                .header("Accept", "application/json")
                .method(request.method(), request.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(raw, StandardCharsets.UTF_8));
        if (request.body() != null) http.header("Content-Type", "application/json");
        if (request.secretProof()) {
            // The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
            http.header("X-Webhook-Secret-Proof", "v1=" + HexFormat.of().formatHex(hmac(env("WEBHOOK_SECRET"), reqId + "." + raw)));
        }
        if (request.signed()) {
            long created = System.currentTimeMillis() / 1000;
            signatureHeaders(request.method(), request.url(), raw, authorization, reqId, created).forEach(http::header);
        }
        try {
            // 400, 401 and 429 carry the envelope too: an answer to read.
            return HTTP.send(http.build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            System.err.println("No answer from " + request.method() + " " + request.url() + ": " + e);
            return null;
        }
    }

    private static int responseCode(String answer) {
        Matcher m = RESPONSE_CODE.matcher(answer);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** A call without a status call: on no answer or code 5 it stops and says so. */
    public static String call(Request request) throws Exception {
        return call(request, null);
    }

    /**
     * Sends the call and branches on response_code. On no answer or code 5 the outcome is unknown: it
     * asks the status call (null when the operation has none), never sends the call again.
     */
    public static String call(Request request, Request status) throws Exception {
        String answer = send(request);
        int code = answer == null ? 5 : responseCode(answer);
        switch (code) {
            case 1, 3, 4 -> {} // an answer about the transaction: what it means for this call is in its code table (/ResponseCode)
            case 2 -> System.err.println("Pending: the webhook or the status call tells the outcome.");
            case 5 -> {
                if (status == null)
                    throw new IllegalStateException(
                            "Outcome unknown for " + request.method() + " " + request.url() + ": do not resend; look it up.");
                return send(status);
            }
            default -> System.err.println("Refused, response_code " + code + " (/ResponseCode)");
        }
        return answer;
    }
}
