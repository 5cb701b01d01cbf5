// Verify a RupeeRail webhook with .NET's built-in crypto (.NET 6+). The signature covers the
// X-Webhook-Id, the X-Webhook-Timestamp and the raw body: read it before any model binding.
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

public static class WebhookSignature
{
    const long ToleranceSeconds = 300; // reject deliveries signed more than 5 minutes from your clock

    /// <param name="secrets">The webhook secrets you hold now, one normally, two while a rotation overlaps.</param>
    /// <param name="nowSeconds">Unix seconds to check the timestamp against; your clock when left out (a test passes a fixed one).</param>
    public static bool Verify(byte[] rawBody, string? id, string? timestamp, string? signatureHeader,
                              IEnumerable<string> secrets, long? nowSeconds = null)
    {
        if (string.IsNullOrEmpty(id) || string.IsNullOrEmpty(signatureHeader) ||
            timestamp is null || !Regex.IsMatch(timestamp, @"^\d{10}$")) return false;
        long now = nowSeconds ?? DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        if (Math.Abs(now - long.Parse(timestamp)) > ToleranceSeconds) return false;
        byte[] prefix = Encoding.UTF8.GetBytes($"{id}.{timestamp}.");
        byte[] signed = new byte[prefix.Length + rawBody.Length];
        prefix.CopyTo(signed, 0);
        rawBody.CopyTo(signed, prefix.Length);
        foreach (string secret in secrets)
        {
            byte[] expected = HMACSHA256.HashData(Encoding.UTF8.GetBytes(secret), signed);
            foreach (string part in signatureHeader.Split(' '))
            {
                if (!part.StartsWith("v1=")) continue;
                byte[] received;
                try { received = Convert.FromHexString(part[3..]); }
                catch (FormatException) { continue; }
                if (CryptographicOperations.FixedTimeEquals(expected, received)) return true;
            }
        }
        return false;
    }
}
