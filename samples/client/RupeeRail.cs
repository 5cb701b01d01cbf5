// The RupeeRail client wrapper for .NET 6+, no packages: every operation's sample calls it. Add it
// as RupeeRail.cs to your project. It reads from the environment:
//   PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
//   WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
//   PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
//     key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
//     PARTNER_SIGNING_ALG: .NET has no Ed25519, so register a P-256 key and set ecdsa-p256-sha256.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;

public static class RupeeRail
{
    // The environment the token is for; production: "api.rupeerail.example".
    const string Audience = "sandbox.rupeerail.example";
    static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(30) };

    /// <summary>One call: Body is the exact JSON text sent (null for none).</summary>
    public sealed record Request(string Method, string Url, string? Body = null)
    {
        public bool Signed { get; init; }
        public bool SecretProof { get; init; }
    }

    static string Env(string name) =>
        Environment.GetEnvironmentVariable(name) is { Length: > 0 } value
            ? value
            : throw new InvalidOperationException($"Set {name} in the environment (see /HeaderMarkdown).");

    static string B64Url(byte[] data) =>
        Convert.ToBase64String(data).TrimEnd('=').Replace('+', '-').Replace('/', '_');

    static byte[] Hmac(string secret, string text) =>
        HMACSHA256.HashData(Encoding.UTF8.GetBytes(secret), Encoding.UTF8.GetBytes(text));

    public static string MakeToken(string reqId)
    {
        var header = B64Url(JsonSerializer.SerializeToUtf8Bytes(new { alg = "HS256", typ = "JWT", kid = Env("PARTNER_KEY_ID") }));
        var iat = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
        // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
        var claims = B64Url(JsonSerializer.SerializeToUtf8Bytes(
            new { partnerId = Env("PARTNER_ID"), iat, exp = iat + 60, aud = Audience, reqId }));
        return $"{header}.{claims}.{B64Url(Hmac(Env("PARTNER_SECRET"), $"{header}.{claims}"))}";
    }

    /// <summary>RFC 9421 signature of a money-moving call: method, path, body digest and token, bound to reqId.</summary>
    public static Dictionary<string, string> SignatureHeaders(
        string method, string url, string body, string authorization, string nonce, long created)
    {
        var alg = Environment.GetEnvironmentVariable("PARTNER_SIGNING_ALG") is { Length: > 0 } a ? a : "ed25519";
        if (alg != "ecdsa-p256-sha256")
            throw new NotSupportedException(".NET has no Ed25519: register a P-256 key and set PARTNER_SIGNING_ALG=ecdsa-p256-sha256.");
        var digest = $"sha-256=:{Convert.ToBase64String(SHA256.HashData(Encoding.UTF8.GetBytes(body)))}:";
        var parameters = "(\"@method\" \"@path\" \"content-digest\" \"authorization\")"
            + $";created={created};keyid=\"{Env("PARTNER_SIGNING_KEY_ID")}\";alg=\"{alg}\";nonce=\"{nonce}\"";
        var signatureBase = string.Join("\n",
            $"\"@method\": {method}",
            $"\"@path\": {new Uri(url).AbsolutePath}",
            $"\"content-digest\": {digest}",
            $"\"authorization\": {authorization}",
            $"\"@signature-params\": {parameters}");
        using var key = ECDsa.Create();
        key.ImportPkcs8PrivateKey(Convert.FromBase64String(Env("PARTNER_SIGNING_KEY")), out _);
        // .NET signs ECDSA in the raw form r || s (IEEE P1363) by default: no DER to convert.
        var signature = key.SignData(Encoding.UTF8.GetBytes(signatureBase), HashAlgorithmName.SHA256);
        return new Dictionary<string, string>
        {
            ["Content-Digest"] = digest,
            ["Signature-Input"] = $"sig1={parameters}",
            ["Signature"] = $"sig1=:{Convert.ToBase64String(signature)}:",
        };
    }

    /// <summary>One request with a fresh token; null when no answer came (a timeout, a dropped connection).</summary>
    static async Task<string?> SendAsync(Request request)
    {
        var raw = request.Body ?? "";
        var reqId = Guid.NewGuid().ToString();
        var authorization = $"Bearer {MakeToken(reqId)}";
        using var message = new HttpRequestMessage(new HttpMethod(request.Method), request.Url);
        message.Headers.TryAddWithoutValidation("Authorization", authorization);
        message.Headers.TryAddWithoutValidation("Accept", "application/json");
        if (request.Body is not null)
            message.Content = new StringContent(raw, Encoding.UTF8, "application/json");
        if (request.SecretProof)
            // The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
            message.Headers.TryAddWithoutValidation("X-Webhook-Secret-Proof",
                "v1=" + Convert.ToHexString(Hmac(Env("WEBHOOK_SECRET"), $"{reqId}.{raw}")).ToLowerInvariant());
        if (request.Signed)
            foreach (var (name, value) in SignatureHeaders(request.Method, request.Url, raw, authorization, reqId,
                         DateTimeOffset.UtcNow.ToUnixTimeSeconds()))
                message.Headers.TryAddWithoutValidation(name, value);
        try
        {
            // No EnsureSuccessStatusCode(): 400, 401 and 429 carry the envelope, an answer to read.
            using var response = await Http.SendAsync(message);
            return await response.Content.ReadAsStringAsync();
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
        {
            Console.Error.WriteLine($"No answer from {request.Method} {request.Url}: {e.Message}");
            return null;
        }
    }

    /// <summary>
    /// Sends the call and branches on response_code. On no answer or code 5 the outcome is unknown:
    /// it asks the status call (null when the operation has none), never sends the call again.
    /// </summary>
    public static async Task<string> CallAsync(Request request, Request? status = null)
    {
        var answer = await SendAsync(request);
        using var envelope = answer is null ? null : JsonDocument.Parse(answer);
        var code = envelope?.RootElement.GetProperty("response_code").GetInt32() ?? 5;
        switch (code)
        {
            case 1 or 3 or 4: // an answer about the transaction: what it means for this call is in its code table (/ResponseCode)
                break;
            case 2:
                Console.Error.WriteLine("Pending: the webhook or the status call tells the outcome.");
                break;
            case 5:
                return status is null
                    ? throw new InvalidOperationException($"Outcome unknown for {request.Method} {request.Url}: do not resend; look it up.")
                    : await SendAsync(status) ?? throw new InvalidOperationException("No answer from the status call either: ask it again later.");
            default:
                Console.Error.WriteLine($"Refused, response_code {code} (/ResponseCode)");
                break;
        }
        return answer!;
    }
}
