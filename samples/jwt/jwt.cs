// Sign a request token with .NET's built-in crypto (.NET 6+).
using System;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

// The environment the token is for; production: "api.rupeerail.example".
const string Audience = "sandbox.rupeerail.example";

static string B64Url(byte[] data) =>
    Convert.ToBase64String(data).TrimEnd('=').Replace('+', '-').Replace('/', '_');

static string MakeToken(string partnerId, string keyId, string secret)
{
    var header = B64Url(JsonSerializer.SerializeToUtf8Bytes(new { alg = "HS256", typ = "JWT", kid = keyId }));
    var iat = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
    // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
    var claims = JsonSerializer.Serialize(new
    {
        partnerId,
        iat,
        exp = iat + 60,
        aud = Audience,
        reqId = Guid.NewGuid().ToString(),
    });
    var payload = B64Url(Encoding.UTF8.GetBytes(claims));
    using var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret));
    var signature = B64Url(hmac.ComputeHash(Encoding.UTF8.GetBytes($"{header}.{payload}")));
    return $"{header}.{payload}.{signature}";
}

// A fresh token for every request: reqId must never repeat.
Console.WriteLine(MakeToken(
    Environment.GetEnvironmentVariable("PARTNER_ID")!,
    Environment.GetEnvironmentVariable("PARTNER_KEY_ID")!,
    Environment.GetEnvironmentVariable("PARTNER_SECRET")!));
