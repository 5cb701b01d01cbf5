// Sign a request token with the JDK only (Java 11+).
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class PartnerToken {
    private static String b64url(byte[] data) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(data);
    }

    public static String make(String partnerId, String secret) throws Exception {
        String header = b64url("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String claims = String.format("{\"partnerId\":\"%s\",\"iat\":%d,\"reqId\":\"%s\"}",
                partnerId, System.currentTimeMillis() / 1000, UUID.randomUUID());
        String payload = b64url(claims.getBytes(StandardCharsets.UTF_8));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String signature = b64url(mac.doFinal((header + "." + payload).getBytes(StandardCharsets.UTF_8)));
        return header + "." + payload + "." + signature;
    }

    public static void main(String[] args) throws Exception {
        // A fresh token for every request: reqId must never repeat.
        System.out.println(make(System.getenv("PARTNER_ID"), System.getenv("PARTNER_SECRET")));
    }
}
