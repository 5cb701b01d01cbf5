// Sign a request token with the JDK only (Java 11+).
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class PartnerToken {
    // The environment the token is for; production: "api.rupeerail.example".
    private static final String AUDIENCE = "sandbox.rupeerail.example";

    private static String b64url(byte[] data) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(data);
    }

    public static String make(String partnerId, String keyId, String secret) throws Exception {
        String header = b64url(String.format("{\"alg\":\"HS256\",\"typ\":\"JWT\",\"kid\":\"%s\"}", keyId)
                .getBytes(StandardCharsets.UTF_8));
        long iat = System.currentTimeMillis() / 1000;
        // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
        String claims = String.format(
                "{\"partnerId\":\"%s\",\"iat\":%d,\"exp\":%d,\"aud\":\"%s\",\"reqId\":\"%s\"}",
                partnerId, iat, iat + 60, AUDIENCE, UUID.randomUUID());
        String payload = b64url(claims.getBytes(StandardCharsets.UTF_8));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String signature = b64url(mac.doFinal((header + "." + payload).getBytes(StandardCharsets.UTF_8)));
        return header + "." + payload + "." + signature;
    }

    public static void main(String[] args) throws Exception {
        // A fresh token for every request: reqId must never repeat.
        System.out.println(make(
                System.getenv("PARTNER_ID"), System.getenv("PARTNER_KEY_ID"), System.getenv("PARTNER_SECRET")));
    }
}
