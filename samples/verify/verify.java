// Verify a RupeeRail webhook with the JDK only (Java 17+). The signature covers the
// X-Webhook-Id, the X-Webhook-Timestamp and the raw request body bytes.
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class WebhookSignature {
    static final long TOLERANCE_SECONDS = 300; // reject deliveries signed more than 5 minutes from your clock

    /** secrets: the webhook secrets you hold now, one normally, two while a rotation overlaps. */
    public static boolean verify(byte[] rawBody, String id, String timestamp, String signatureHeader,
                                 List<String> secrets, long nowSeconds) throws Exception {
        if (id == null || signatureHeader == null || timestamp == null || !timestamp.matches("\\d{10}")) return false;
        if (Math.abs(nowSeconds - Long.parseLong(timestamp)) > TOLERANCE_SECONDS) return false;
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        for (String secret : secrets) {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(prefix);
            byte[] expected = mac.doFinal(rawBody);
            for (String part : signatureHeader.split(" ")) {
                if (!part.startsWith("v1=")) continue;
                byte[] received;
                try {
                    received = HexFormat.of().parseHex(part.substring(3));
                } catch (IllegalArgumentException e) {
                    continue;
                }
                if (MessageDigest.isEqual(expected, received)) return true; // constant time
            }
        }
        return false;
    }

    public static boolean verify(byte[] rawBody, String id, String timestamp, String signatureHeader,
                                 List<String> secrets) throws Exception {
        return verify(rawBody, id, timestamp, signatureHeader, secrets, System.currentTimeMillis() / 1000);
    }
}
