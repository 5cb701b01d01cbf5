// Verify X-Signature with .NET's built-in crypto. Read the raw body before any model binding.
using System;
using System.Security.Cryptography;
using System.Text;

public static class WebhookSignature
{
    public static bool Verify(byte[] rawBody, string? signatureHeader, string secret)
    {
        if (string.IsNullOrEmpty(signatureHeader)) return false;
        byte[] expected = HMACSHA256.HashData(Encoding.UTF8.GetBytes(secret), rawBody);
        byte[] received;
        try { received = Convert.FromHexString(signatureHeader); }
        catch (FormatException) { return false; }
        return CryptographicOperations.FixedTimeEquals(expected, received);
    }
}
