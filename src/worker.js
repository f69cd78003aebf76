var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// node_modules/jose/dist/webapi/lib/buffer_utils.js
var encoder = new TextEncoder();
var decoder = new TextDecoder();
var strictDecoder = new TextDecoder("utf-8", { fatal: true });
var UINT32_RANGE = 2 ** 32;
function concat(...buffers) {
  const size = buffers.reduce((acc, { length }) => acc + length, 0), buf = new Uint8Array(size);
  let i = 0;
  for (const buffer of buffers)
    buf.set(buffer, i), i += buffer.length;
  return buf;
}
var NON_ASCII = /[^\x00-\x7f]/;
function encode(string) {
  if (typeof string == "string" && string.length >= 128) {
    if (NON_ASCII.test(string))
      throw new TypeError("non-ASCII string encountered in encode()");
    return encoder.encode(string);
  }
  const bytes = new Uint8Array(string.length);
  for (let i = 0; i < string.length; i++) {
    const code = string.charCodeAt(i);
    if (code > 127)
      throw new TypeError("non-ASCII string encountered in encode()");
    bytes[i] = code;
  }
  return bytes;
}
function decodeBase64(encoded, url = false) {
  if (Uint8Array.fromBase64)
    return Uint8Array.fromBase64(encoded, { alphabet: url ? "base64url" : "base64" });
  if (url) {
    if (encoded.includes("+") || encoded.includes("/"))
      throw new TypeError("Invalid base64url");
    encoded = encoded.replace(/-/g, "+").replace(/_/g, "/");
  }
  const binary = atob(encoded), bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++)
    bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// node_modules/jose/dist/webapi/util/errors.js
var errors_exports = {};
__export(errors_exports, {
  JOSEAlgNotAllowed: () => JOSEAlgNotAllowed,
  JOSEError: () => JOSEError,
  JOSENotSupported: () => JOSENotSupported,
  JWEDecryptionFailed: () => JWEDecryptionFailed,
  JWEInvalid: () => JWEInvalid,
  JWKInvalid: () => JWKInvalid,
  JWKSInvalid: () => JWKSInvalid,
  JWKSMultipleMatchingKeys: () => JWKSMultipleMatchingKeys,
  JWKSNoMatchingKey: () => JWKSNoMatchingKey,
  JWKSTimeout: () => JWKSTimeout,
  JWSInvalid: () => JWSInvalid,
  JWSSignatureVerificationFailed: () => JWSSignatureVerificationFailed,
  JWTClaimValidationFailed: () => JWTClaimValidationFailed,
  JWTExpired: () => JWTExpired,
  JWTInvalid: () => JWTInvalid
});
var JOSEError = class extends Error {
  static code = "ERR_JOSE_GENERIC";
  code = "ERR_JOSE_GENERIC";
  constructor(message2, options) {
    super(message2, options), this.name = this.constructor.name, Error.captureStackTrace?.(this, this.constructor);
  }
};
var JWTClaimValidationFailed = class extends JOSEError {
  static code = "ERR_JWT_CLAIM_VALIDATION_FAILED";
  code = "ERR_JWT_CLAIM_VALIDATION_FAILED";
  claim;
  reason;
  payload;
  constructor(message2, payload, claim = "unspecified", reason = "unspecified") {
    super(message2, { cause: { claim, reason, payload } }), this.claim = claim, this.reason = reason, this.payload = payload;
  }
};
var JWTExpired = class extends JOSEError {
  static code = "ERR_JWT_EXPIRED";
  code = "ERR_JWT_EXPIRED";
  claim;
  reason;
  payload;
  constructor(message2, payload, claim = "unspecified", reason = "unspecified") {
    super(message2, { cause: { claim, reason, payload } }), this.claim = claim, this.reason = reason, this.payload = payload;
  }
};
var JOSEAlgNotAllowed = class extends JOSEError {
  static code = "ERR_JOSE_ALG_NOT_ALLOWED";
  code = "ERR_JOSE_ALG_NOT_ALLOWED";
};
var JOSENotSupported = class extends JOSEError {
  static code = "ERR_JOSE_NOT_SUPPORTED";
  code = "ERR_JOSE_NOT_SUPPORTED";
};
var JWEDecryptionFailed = class extends JOSEError {
  static code = "ERR_JWE_DECRYPTION_FAILED";
  code = "ERR_JWE_DECRYPTION_FAILED";
  constructor(message2 = "decryption operation failed", options) {
    super(message2, options);
  }
};
var JWEInvalid = class extends JOSEError {
  static code = "ERR_JWE_INVALID";
  code = "ERR_JWE_INVALID";
};
var JWSInvalid = class extends JOSEError {
  static code = "ERR_JWS_INVALID";
  code = "ERR_JWS_INVALID";
};
var JWTInvalid = class extends JOSEError {
  static code = "ERR_JWT_INVALID";
  code = "ERR_JWT_INVALID";
};
var JWKInvalid = class extends JOSEError {
  static code = "ERR_JWK_INVALID";
  code = "ERR_JWK_INVALID";
};
var JWKSInvalid = class extends JOSEError {
  static code = "ERR_JWKS_INVALID";
  code = "ERR_JWKS_INVALID";
};
var JWKSNoMatchingKey = class extends JOSEError {
  static code = "ERR_JWKS_NO_MATCHING_KEY";
  code = "ERR_JWKS_NO_MATCHING_KEY";
  constructor(message2 = "no applicable key found in the JSON Web Key Set", options) {
    super(message2, options);
  }
};
var JWKSMultipleMatchingKeys = class extends JOSEError {
  [Symbol.asyncIterator] = async function* () {
  };
  static code = "ERR_JWKS_MULTIPLE_MATCHING_KEYS";
  code = "ERR_JWKS_MULTIPLE_MATCHING_KEYS";
  constructor(message2 = "multiple matching keys found in the JSON Web Key Set", options) {
    super(message2, options);
  }
};
var JWKSTimeout = class extends JOSEError {
  static code = "ERR_JWKS_TIMEOUT";
  code = "ERR_JWKS_TIMEOUT";
  constructor(message2 = "request timed out", options) {
    super(message2, options);
  }
};
var JWSSignatureVerificationFailed = class extends JOSEError {
  static code = "ERR_JWS_SIGNATURE_VERIFICATION_FAILED";
  code = "ERR_JWS_SIGNATURE_VERIFICATION_FAILED";
  constructor(message2 = "signature verification failed", options) {
    super(message2, options);
  }
};

// node_modules/jose/dist/webapi/util/base64url.js
var invalid = "The input to be decoded is not correctly encoded.";
function decode(input) {
  try {
    return decodeBase64(typeof input == "string" ? input : decoder.decode(input), true);
  } catch (cause) {
    throw new TypeError(invalid, { cause });
  }
}

// node_modules/jose/dist/webapi/lib/validate.js
function isObject(input) {
  if (typeof input != "object" || input === null || Object.prototype.toString.call(input) !== "[object Object]")
    return false;
  const prototype = Object.getPrototypeOf(input);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
function isJwkSet(input) {
  return isObject(input) && Array.isArray(input.keys) && Array.from(input.keys).every(isObject);
}
function isDisjoint(...headers) {
  const parameters = /* @__PURE__ */ new Set();
  for (const header of headers)
    if (header)
      for (const parameter of Object.keys(header)) {
        if (parameters.has(parameter))
          return false;
        parameters.add(parameter);
      }
  return true;
}
function decodeBase64url(value, label, ErrorClass) {
  try {
    return decode(value);
  } catch (cause) {
    throw new ErrorClass(`Failed to base64url decode the ${label}`, { cause });
  }
}
function encodeAsciiMember(value, label, ErrorClass) {
  try {
    return encode(value);
  } catch (cause) {
    throw new ErrorClass(`The ${label} is not a valid base64url string`, { cause });
  }
}
function parseJoseHeader(encodedProtectedHeader, ErrorClass, message2) {
  let parsed;
  try {
    parsed = JSON.parse(strictDecoder.decode(decode(encodedProtectedHeader)));
  } catch (cause) {
    throw new ErrorClass(message2, { cause });
  }
  if (!isObject(parsed))
    throw new ErrorClass(message2);
  return parsed;
}
var JWS_RECOGNIZED = { __proto__: null, b64: true };
function validateAlgorithms(option, algorithms) {
  if (algorithms !== void 0 && (!Array.isArray(algorithms) || algorithms.some((s) => typeof s != "string")))
    throw new TypeError(`"${option}" option must be an array of strings`);
  return algorithms === void 0 ? void 0 : new Set(algorithms);
}
function validateCrit(Err, recognizedDefault, recognizedOption, protectedHeader, joseHeader) {
  if (joseHeader.crit !== void 0 && protectedHeader?.crit === void 0)
    throw new Err('"crit" (Critical) Header Parameter MUST be integrity protected');
  if (!protectedHeader || protectedHeader.crit === void 0)
    return [];
  if (!Array.isArray(protectedHeader.crit) || protectedHeader.crit.length === 0 || protectedHeader.crit.some((input) => typeof input != "string" || input.length === 0))
    throw new Err('"crit" (Critical) Header Parameter MUST be an array of non-empty strings when present');
  const recognized = recognizedOption === void 0 ? recognizedDefault : { __proto__: null, ...recognizedOption, ...recognizedDefault };
  for (const parameter of protectedHeader.crit) {
    if (!(parameter in recognized))
      throw new JOSENotSupported(`Extension Header Parameter "${parameter}" is not recognized`);
    if (!Object.hasOwn(joseHeader, parameter) || joseHeader[parameter] === void 0)
      throw new Err(`Extension Header Parameter "${parameter}" is missing`);
    if (recognized[parameter] && (!Object.hasOwn(protectedHeader, parameter) || protectedHeader[parameter] === void 0))
      throw new Err(`Extension Header Parameter "${parameter}" MUST be integrity protected`);
  }
  return protectedHeader.crit;
}
function validateB64(protectedHeader, extensions) {
  if (extensions.includes("b64")) {
    const b64 = protectedHeader.b64;
    if (typeof b64 != "boolean")
      throw new JWSInvalid('The "b64" (base64url-encode payload) Header Parameter must be a boolean');
    return b64;
  }
  return true;
}

// node_modules/jose/dist/webapi/lib/key.js
var tag = (key2) => key2[Symbol.toStringTag];
var jwkMatchesOp = (entry, key2, usage) => {
  const { alg } = entry;
  if (key2.use !== void 0) {
    const expected = usage === "sign" || usage === "verify" ? "sig" : "enc";
    if (key2.use !== expected)
      throw new TypeError(`Invalid key for this operation, its "use" must be "${expected}" when present`);
  }
  if (key2.alg !== void 0 && key2.alg !== alg)
    throw new TypeError(`Invalid key for this operation, its "alg" must be "${alg}" when present`);
  if (Array.isArray(key2.key_ops)) {
    const expectedKeyOp = usage === "encrypt" || usage === "decrypt" ? entry.ops?.[usage === "encrypt" ? 0 : 1] : usage;
    if (expectedKeyOp && !key2.key_ops.includes(expectedKeyOp))
      throw new TypeError(`Invalid key for this operation, its "key_ops" must include "${expectedKeyOp}" when present`);
  }
};
async function prepareKey(entry, key2, usage) {
  const { alg, secret } = entry, requiresPrivateKey = usage === "decrypt" || usage === "sign";
  if (secret && key2 instanceof Uint8Array)
    return key2;
  let normalized, keyObject;
  if (isObject(key2)) {
    if (normalized = normalizeJwk(key2), typeof normalized.kty != "string")
      throw invalidKeyType(alg, key2, secret);
    if (!(secret ? normalized.kty === "oct" && typeof normalized.k == "string" : normalized.kty !== "oct" && (requiresPrivateKey ? normalized.kty === "AKP" && typeof normalized.priv == "string" || typeof normalized.d == "string" : normalized.d === void 0 && normalized.priv === void 0)))
      throw new TypeError(secret ? 'JSON Web Key for symmetric algorithms must have JWK "kty" (Key Type) equal to "oct" and the JWK "k" (Key Value) present' : `JSON Web Key for this operation must be a ${requiresPrivateKey ? "private" : "public"} JWK`);
    if (jwkMatchesOp(entry, normalized, usage), normalized.kty === "oct")
      return decode(normalized.k);
    if (!Object.isFrozen(key2)) {
      const { key_ops } = key2;
      Array.isArray(key_ops) && Object.freeze(key_ops), Object.freeze(key2);
    }
  } else {
    if (!isKeyLike(key2))
      throw invalidKeyType(alg, key2, secret);
    const expectedType = secret ? "secret" : requiresPrivateKey ? "private" : "public";
    if (key2.type !== expectedType && (secret || ["secret", "public", "private"].includes(key2.type)))
      throw new TypeError(`${tag(key2)} instances must be of type "${expectedType}" for the ${alg} algorithm`);
    if (isCryptoKey(key2))
      return key2;
    if (keyObject = key2, keyObject.type === "secret")
      return keyObject.export();
  }
  cache ||= /* @__PURE__ */ new WeakMap();
  const cacheKey = key2;
  let cached = cache.get(cacheKey);
  if (cached?.[alg])
    return cached[alg];
  if (cached || cache.set(cacheKey, cached = {}), keyObject && typeof keyObject.toCryptoKey == "function") {
    const isPublic = keyObject.type === "public", crv = nist[keyObject.asymmetricKeyDetails?.namedCurve], params = entry.resolve?.({ crv, asymmetricKeyType: keyObject.asymmetricKeyType }) ?? entry.subtle;
    return cached[alg] = keyObject.toCryptoKey(params, isPublic, entry.usages[isPublic ? 0 : 1]);
  }
  return normalized ??= keyObject.export({ format: "jwk" }), normalized.alg = alg, cached[alg] = await jwkToKey(entry, normalized);
}
var cache;
var nist = {
  __proto__: null,
  prime256v1: "P-256",
  secp384r1: "P-384",
  secp521r1: "P-521"
};
var isCryptoKey = (key2) => {
  if (key2?.[Symbol.toStringTag] === "CryptoKey")
    return true;
  try {
    return key2 instanceof CryptoKey;
  } catch {
    return false;
  }
};
var isKeyObject = (key2) => key2?.[Symbol.toStringTag] === "KeyObject";
var isKeyLike = (key2) => isCryptoKey(key2) || isKeyObject(key2);
function message(msg, actual, ...types) {
  if (types.length > 2) {
    const last = types.pop();
    msg += `one of type ${types.join(", ")}, or ${last}.`;
  } else types.length === 2 ? msg += `one of type ${types[0]} or ${types[1]}.` : msg += `of type ${types[0]}.`;
  return actual == null ? msg += ` Received ${actual}` : typeof actual == "function" && actual.name ? msg += ` Received function ${actual.name}` : typeof actual == "object" && actual != null && actual.constructor?.name && (msg += ` Received an instance of ${actual.constructor.name}`), msg;
}
function invalidKeyType(alg, actual, secret) {
  const types = ["CryptoKey", "KeyObject", "JSON Web Key"];
  return secret && types.push("Uint8Array"), new TypeError(message(`Key for the ${alg} algorithm must be `, actual, ...types));
}
var unusable = (name, prop = "algorithm.name") => new TypeError(`CryptoKey does not support this operation, its ${prop} must be ${name}`);
function checkUsage(key2, usage) {
  if (usage && !key2.usages.includes(usage))
    throw new TypeError(`CryptoKey does not support this operation, its usages must include ${usage}.`);
}
function checkModulusLength(alg, key2) {
  const { modulusLength } = key2.algorithm;
  if (typeof modulusLength != "number" || modulusLength < 2048)
    throw new TypeError(`${alg} requires key modulusLength to be 2048 bits or larger`);
}
function checkCryptoKey(key2, expected, usage) {
  const algorithm = key2.algorithm;
  if (algorithm.name !== expected.name)
    throw unusable(expected.name);
  if (expected.hash && algorithm.hash?.name !== expected.hash)
    throw unusable(expected.hash, "algorithm.hash");
  if (expected.namedCurve && algorithm.namedCurve !== expected.namedCurve)
    throw unusable(expected.namedCurve, "algorithm.namedCurve");
  if (expected.length !== void 0 && algorithm.length !== expected.length)
    throw unusable(expected.length, "algorithm.length");
  checkUsage(key2, usage);
}
function snapshotJwk(jwk) {
  return { __proto__: null, ...jwk };
}
function normalizeJwk(jwk) {
  const normalized = snapshotJwk(jwk);
  if (normalized.ext !== void 0 && typeof normalized.ext != "boolean")
    throw new TypeError('"ext" (Extractable) Parameter must be a boolean');
  if (normalized.key_ops !== void 0) {
    const value = normalized.key_ops, keyOps = Array.isArray(value) ? [...value] : void 0;
    if (!keyOps || keyOps.some((operation) => typeof operation != "string") || new Set(keyOps).size !== keyOps.length)
      throw new TypeError('"key_ops" (Key Operations) Parameter must be an array of unique strings');
    normalized.key_ops = keyOps;
  }
  return normalized;
}
async function jwkToKey(entry, jwk, extractable) {
  if (!entry.kty.includes(jwk.kty))
    throw new JOSENotSupported('Invalid or unsupported JWK "alg" (Algorithm) Parameter value');
  const algorithm = entry.resolve?.({ kty: jwk.kty, crv: jwk.crv }) ?? entry.subtle, isPrivate = !!(jwk.d || jwk.priv), keyData = { ...jwk, ext: extractable ?? jwk.ext };
  return keyData.kty !== "AKP" && delete keyData.alg, delete keyData.use, crypto.subtle.importKey("jwk", keyData, algorithm, keyData.ext ?? !isPrivate, jwk.key_ops ?? entry.usages[isPrivate ? 1 : 0]);
}
async function rawKey(key2, expected, usage, extractable = false) {
  return key2 instanceof Uint8Array && (key2 = await crypto.subtle.importKey("raw", key2, expected, extractable, [usage])), checkCryptoKey(key2, expected, usage), key2;
}

// node_modules/jose/dist/webapi/lib/key_descriptor.js
function table(entries) {
  const out = { __proto__: null };
  for (const alg in entries)
    out[alg] = { ...entries[alg], alg };
  return out;
}

// node_modules/jose/dist/webapi/lib/jws_algorithms.js
var sig = [["verify"], ["sign"]];
function hmac(bits) {
  const subtle = { name: "HMAC", hash: `SHA-${bits}` };
  return { kty: ["oct"], secret: true, subtle, signing: subtle, usages: sig };
}
function rsa(bits, saltLength) {
  const subtle = { name: saltLength ? "RSA-PSS" : "RSASSA-PKCS1-v1_5", hash: `SHA-${bits}` };
  return {
    kty: ["RSA"],
    subtle,
    signing: saltLength ? { ...subtle, saltLength } : subtle,
    usages: sig,
    minRsaBits: 2048
  };
}
function ecdsa(crv, bits) {
  return {
    kty: ["EC"],
    crv,
    subtle: { name: "ECDSA", namedCurve: crv },
    signing: { name: "ECDSA", hash: `SHA-${bits}` },
    usages: sig
  };
}
function eddsa() {
  const subtle = { name: "Ed25519" };
  return {
    kty: ["OKP"],
    crv: "Ed25519",
    subtle,
    signing: subtle,
    usages: sig
  };
}
function mldsa(parameterSet) {
  const subtle = { name: `ML-DSA-${parameterSet}` };
  return {
    kty: ["AKP"],
    subtle,
    signing: subtle,
    usages: sig
  };
}
var JWS = table({
  HS256: hmac(256),
  HS384: hmac(384),
  HS512: hmac(512),
  RS256: rsa(256),
  RS384: rsa(384),
  RS512: rsa(512),
  PS256: rsa(256, 32),
  PS384: rsa(384, 48),
  PS512: rsa(512, 64),
  ES256: ecdsa("P-256", 256),
  ES384: ecdsa("P-384", 384),
  ES512: ecdsa("P-521", 512),
  EdDSA: eddsa(),
  Ed25519: eddsa(),
  "ML-DSA-44": mldsa(44),
  "ML-DSA-65": mldsa(65),
  "ML-DSA-87": mldsa(87)
});
function jwsAlgorithm(alg) {
  const entry = typeof alg == "string" ? JWS[alg] : void 0;
  if (!entry)
    throw new JOSENotSupported(`alg ${alg} is not supported either by JOSE or your javascript runtime`);
  return entry;
}

// node_modules/jose/dist/webapi/lib/jws_verify.js
function prepareVerify(options) {
  return [options && validateAlgorithms("algorithms", options.algorithms), options?.crit];
}
function parseProtectedHeader(encodedProtectedHeader) {
  return encodedProtectedHeader === void 0 ? {} : parseJoseHeader(encodedProtectedHeader, JWSInvalid, "JWS Protected Header is invalid");
}
function encodeCompactUnencodedPayload(payload) {
  try {
    return encode(payload);
  } catch (cause) {
    throw new JWSInvalid("JWS Compact Serialization payload must use only ASCII characters", {
      cause
    });
  }
}
async function verifySignature(jws, shared, key2, encodeUnencodedPayload, parsedProtected) {
  const { protected: encodedProtectedHeader, header, payload: inputPayload } = jws, protectedHeader = parsedProtected ?? parseProtectedHeader(encodedProtectedHeader);
  if (!isDisjoint(protectedHeader, header))
    throw new JWSInvalid("JWS Protected and JWS Unprotected Header Parameter names must be disjoint");
  const joseHeader = { ...protectedHeader, ...header }, b64 = validateB64(protectedHeader, validateCrit(JWSInvalid, JWS_RECOGNIZED, shared[1], protectedHeader, joseHeader)), { alg } = joseHeader;
  if (typeof alg != "string" || !alg)
    throw new JWSInvalid('JWS "alg" (Algorithm) Header Parameter missing or invalid');
  if (shared[0] && !shared[0].has(alg))
    throw new JOSEAlgNotAllowed('"alg" (Algorithm) Header Parameter value not allowed');
  if (b64) {
    if (typeof inputPayload != "string")
      throw new JWSInvalid("JWS Payload must be a string");
  } else if (typeof inputPayload != "string" && !(inputPayload instanceof Uint8Array))
    throw new JWSInvalid("JWS Payload must be a string or an Uint8Array instance");
  const signingPayload = b64 || typeof inputPayload != "string" ? inputPayload : encodeUnencodedPayload(inputPayload);
  let resolvedKey = false;
  typeof key2 == "function" && (key2 = await key2(protectedHeader, jws), resolvedKey = true);
  const entry = jwsAlgorithm(alg), signingInput = concat(encodedProtectedHeader !== void 0 ? encode(encodedProtectedHeader) : new Uint8Array(), encode("."), typeof signingPayload == "string" ? shared[2] ??= encodeAsciiMember(signingPayload, "payload", JWSInvalid) : signingPayload), signature = decodeBase64url(jws.signature, "signature", JWSInvalid), verificationKey = await prepareKey(entry, key2, "verify"), cryptoKey = await rawKey(verificationKey, entry.subtle, "verify");
  entry.minRsaBits && checkModulusLength(entry.alg, cryptoKey);
  let verified = false;
  try {
    verified = await crypto.subtle.verify(entry.signing, cryptoKey, signature, signingInput);
  } catch (cause) {
    throw new JWSSignatureVerificationFailed(void 0, { cause });
  }
  if (!verified)
    throw new JWSSignatureVerificationFailed();
  const result = { payload: typeof signingPayload == "string" ? decodeBase64url(signingPayload, "payload", JWSInvalid) : signingPayload };
  return encodedProtectedHeader !== void 0 && (result.protectedHeader = protectedHeader), header !== void 0 && (result.unprotectedHeader = header), resolvedKey ? [{ ...result, key: verificationKey }, b64] : [result, b64];
}
async function verifyCompact(jws, shared, key2) {
  if (jws instanceof Uint8Array && (jws = decoder.decode(jws)), typeof jws != "string")
    throw new JWSInvalid("Compact JWS must be a string or Uint8Array");
  const { 0: protectedHeader, 1: payload, 2: signature, length } = jws.split(".");
  if (length !== 3)
    throw new JWSInvalid("Invalid Compact JWS");
  return verifySignature({ payload, protected: protectedHeader, signature }, shared, key2, encodeCompactUnencodedPayload);
}

// node_modules/jose/dist/webapi/lib/jwt_claims_set.js
var epoch = (date) => Math.floor(date.getTime() / 1e3);
var multipliers = {
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
  w: 604800,
  y: 31557600
};
var REGEX = /^(\+|\-)? ?(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)(?: (ago|from now))?$/i;
var checkFailed = "check_failed";
function invalidDuration() {
  throw new TypeError("Invalid time period format");
}
function secs(str) {
  typeof str != "string" && invalidDuration();
  const matched = REGEX.exec(str);
  (!matched || matched[4] && matched[1]) && invalidDuration();
  const value = parseFloat(matched[2]), durationSeconds = Math.round(value * multipliers[matched[3][0].toLowerCase()]);
  return Number.isFinite(durationSeconds) || invalidDuration(), matched[1] === "-" || matched[4] === "ago" ? -durationSeconds : durationSeconds;
}
function validateInput(label, input) {
  if (!Number.isFinite(input))
    throw new TypeError(`Invalid ${label} input`);
  return input;
}
var normalizeTyp = (value) => {
  const normalized = value.toLowerCase();
  return value.includes("/") ? normalized : `application/${normalized}`;
};
var checkAudiencePresence = (audPayload, audOption) => typeof audPayload == "string" ? audOption.includes(audPayload) : Array.isArray(audPayload) ? audOption.some((aud) => audPayload.includes(aud)) : false;
function validateNumericDate(claimsSet, claim, required = false) {
  const value = claimsSet[claim];
  if (!(value === void 0 && !required)) {
    if (typeof value != "number")
      throw new JWTClaimValidationFailed(`"${claim}" claim must be a number`, claimsSet, claim, "invalid");
    return value;
  }
}
function unexpectedClaim(claimsSet, claim) {
  throw new JWTClaimValidationFailed(`unexpected "${claim}" claim value`, claimsSet, claim, checkFailed);
}
function validateClaimsSet(protectedHeader, claimsSetBytes, options = {}) {
  let claimsSet;
  try {
    claimsSet = JSON.parse(strictDecoder.decode(claimsSetBytes));
  } catch (cause) {
    throw new JWTInvalid("JWT Claims Set must be a top-level JSON object", { cause });
  }
  if (!isObject(claimsSet))
    throw new JWTInvalid("JWT Claims Set must be a top-level JSON object");
  const { typ } = options;
  if (typ !== void 0 && (typeof protectedHeader.typ != "string" || normalizeTyp(protectedHeader.typ) !== normalizeTyp(typ)))
    throw new JWTClaimValidationFailed('unexpected "typ" JWT header value', claimsSet, "typ", checkFailed);
  const { requiredClaims = [], issuer, subject, audience, maxTokenAge } = options, presenceCheck = [...requiredClaims];
  maxTokenAge !== void 0 && presenceCheck.push("iat"), audience !== void 0 && presenceCheck.push("aud"), subject !== void 0 && presenceCheck.push("sub"), issuer !== void 0 && presenceCheck.push("iss");
  for (const claim of new Set(presenceCheck.reverse()))
    if (!Object.hasOwn(claimsSet, claim))
      throw new JWTClaimValidationFailed(`missing required "${claim}" claim`, claimsSet, claim, "missing");
  issuer !== void 0 && !(Array.isArray(issuer) ? issuer : [issuer]).includes(claimsSet.iss) && unexpectedClaim(claimsSet, "iss"), subject !== void 0 && claimsSet.sub !== subject && unexpectedClaim(claimsSet, "sub"), audience !== void 0 && !checkAudiencePresence(claimsSet.aud, typeof audience == "string" ? [audience] : audience) && unexpectedClaim(claimsSet, "aud");
  const { clockTolerance } = options;
  let tolerance = 0;
  if (typeof clockTolerance == "string")
    tolerance = secs(clockTolerance);
  else if (clockTolerance !== void 0) {
    if (typeof clockTolerance != "number")
      throw new TypeError("Invalid clockTolerance option type");
    tolerance = clockTolerance;
  }
  if (validateInput("clockTolerance option", tolerance), tolerance < 0)
    throw new TypeError("Invalid clockTolerance option input");
  const { currentDate } = options, now = validateInput("currentDate option", epoch(currentDate === void 0 ? /* @__PURE__ */ new Date() : currentDate)), iat = validateNumericDate(claimsSet, "iat", maxTokenAge !== void 0), nbf = validateNumericDate(claimsSet, "nbf");
  if (nbf !== void 0 && nbf > now + tolerance)
    throw new JWTClaimValidationFailed('"nbf" claim timestamp check failed', claimsSet, "nbf", checkFailed);
  const exp = validateNumericDate(claimsSet, "exp");
  if (exp !== void 0 && exp <= now - tolerance)
    throw new JWTExpired('"exp" claim timestamp check failed', claimsSet, "exp", checkFailed);
  if (maxTokenAge !== void 0) {
    const age = now - iat, max = validateInput("maxTokenAge option", typeof maxTokenAge == "number" ? maxTokenAge : secs(maxTokenAge));
    if (max < 0)
      throw new TypeError("Invalid maxTokenAge option input");
    if (age - tolerance > max)
      throw new JWTExpired('"iat" claim timestamp check failed (too far in the past)', claimsSet, "iat", checkFailed);
    if (age < -tolerance)
      throw new JWTClaimValidationFailed('"iat" claim timestamp check failed (it should be in the past)', claimsSet, "iat", checkFailed);
  }
  return claimsSet;
}

// node_modules/jose/dist/webapi/jwt/verify.js
async function jwtVerify(jwt, key2, options) {
  const [verified, b64] = await verifyCompact(jwt, prepareVerify(options), key2);
  if (!b64)
    throw new JWTInvalid("JWTs MUST NOT use unencoded payload");
  const payload = validateClaimsSet(verified.protectedHeader, verified.payload, options);
  return { ...verified, payload };
}

// node_modules/jose/dist/webapi/jwks/local.js
function isUsableJWK(jwk, entry, alg, kid) {
  const { kty, key_ops: keyOps, ext, kid: jwkKid, alg: jwkAlg, use, crv } = jwk;
  return (ext === void 0 || typeof ext == "boolean") && (keyOps === void 0 || Array.isArray(keyOps) && keyOps.every((operation, index) => typeof operation == "string" && keyOps.indexOf(operation) === index) && keyOps.includes("verify")) && entry.kty.includes(kty) && (kid === void 0 || typeof kid == "string" && kid === jwkKid) && (jwkAlg === void 0 ? kty !== "AKP" : alg === jwkAlg) && (use === void 0 || use === "sig") && (!entry.crv || crv === entry.crv);
}
async function importWithAlgCache(cache2, jwk, entry) {
  const cached = cache2.get(jwk) || cache2.set(jwk, {}).get(jwk), { alg } = entry;
  if (cached[alg] === void 0) {
    const pending = jwkToKey(entry, jwk, true).then((key2) => {
      if (key2.type !== "public")
        throw new JWKSInvalid("JSON Web Key Set members must be public keys");
      return cached[alg] = key2, key2;
    }).catch((error) => {
      throw cached[alg] === pending && delete cached[alg], error;
    });
    cached[alg] = pending;
  }
  return cached[alg];
}
function createLocalJWKSet(jwks) {
  let snapshot;
  try {
    snapshot = structuredClone(jwks);
  } catch (cause) {
    throw new JWKSInvalid("JSON Web Key Set malformed", { cause });
  }
  if (!isJwkSet(snapshot))
    throw new JWKSInvalid("JSON Web Key Set malformed");
  const metadata = snapshot.keys.map((jwk) => {
    const normalized = snapshotJwk(jwk);
    return Array.isArray(normalized.key_ops) && (normalized.key_ops = [...normalized.key_ops]), normalized;
  }), cached = /* @__PURE__ */ new WeakMap();
  return Object.defineProperty(async (protectedHeader, token) => {
    const { alg, kid } = { ...protectedHeader, ...token?.header }, entry = typeof alg == "string" ? JWS[alg] : void 0;
    if (!entry || entry.secret)
      throw new JOSENotSupported('Unsupported "alg" value for a JSON Web Key Set');
    const candidates = snapshot.keys.filter((_, index) => isUsableJWK(metadata[index], entry, alg, kid)), { 0: jwk, length } = candidates;
    if (!length)
      throw new JWKSNoMatchingKey();
    if (length !== 1) {
      const error = new JWKSMultipleMatchingKeys();
      throw error[Symbol.asyncIterator] = async function* () {
        for (const jwk2 of candidates)
          try {
            yield await importWithAlgCache(cached, jwk2, entry);
          } catch {
          }
      }, error;
    }
    return importWithAlgCache(cached, jwk, entry);
  }, "jwks", {
    value: () => structuredClone(snapshot)
  });
}

// node_modules/jose/dist/webapi/jwks/remote.js
function isCloudflareWorkers() {
  return typeof WebSocketPair < "u" || typeof navigator < "u" && navigator.userAgent === "Cloudflare-Workers" || typeof EdgeRuntime < "u" && EdgeRuntime === "vercel";
}
var USER_AGENT;
(typeof navigator > "u" || !navigator.userAgent?.startsWith?.("Mozilla/5.0 ")) && (USER_AGENT = "jose/v6.2.17");
var customFetch = /* @__PURE__ */ Symbol();
async function fetchJwks(url, headers, signal, fetchImpl = fetch) {
  const response = await fetchImpl(url, {
    method: "GET",
    signal,
    redirect: "manual",
    headers
  }).catch((err) => {
    throw err.name === "TimeoutError" ? new JWKSTimeout(void 0, { cause: err }) : err;
  });
  if (response.status !== 200)
    throw new JOSEError("Expected 200 OK from the JSON Web Key Set HTTP response");
  try {
    return await response.json();
  } catch (cause) {
    throw new JOSEError("Failed to parse the JSON Web Key Set HTTP response as JSON", { cause });
  }
}
var jwksCache = /* @__PURE__ */ Symbol();
function isFreshFor(timestamp, duration) {
  return Number.isFinite(timestamp) && Date.now() < timestamp + duration;
}
function validateDuration(value, fallback, option) {
  if (Number.isNaN(value))
    throw new TypeError(`"${option}" option must not be NaN`);
  if (typeof value == "number" && value < 0)
    throw new TypeError(`"${option}" option must not be negative`);
  return typeof value == "number" ? value : fallback;
}
function createRemoteJWKSet(url, options) {
  if (!(url instanceof URL))
    throw new TypeError("url must be an instance of URL");
  const href = new URL(url.href).href, opts = options ?? {}, timeoutOption = opts.timeoutDuration;
  if (typeof timeoutOption == "number" && (!Number.isInteger(timeoutOption) || timeoutOption < 0))
    throw new TypeError('"timeoutDuration" option must be a non-negative integer');
  const timeoutDuration = typeof timeoutOption == "number" ? timeoutOption : 5e3, cooldownDuration = validateDuration(opts.cooldownDuration, 3e4, "cooldownDuration"), cacheMaxAge = validateDuration(opts.cacheMaxAge, 6e5, "cacheMaxAge"), headers = new Headers(opts.headers);
  USER_AGENT && !headers.has("User-Agent") && headers.set("User-Agent", USER_AGENT), headers.has("accept") || headers.set("accept", "application/json, application/jwk-set+json");
  const fetchImpl = opts[customFetch], cache2 = opts[jwksCache];
  let jwksTimestamp, pendingFetch, reloadSequence = 0, appliedSequence = 0, local;
  if (cache2 && typeof cache2 == "object") {
    const { uat, jwks } = cache2;
    isFreshFor(uat, cacheMaxAge) && isJwkSet(jwks) && (jwksTimestamp = uat, local = createLocalJWKSet(jwks));
  }
  const reload = async () => {
    if (pendingFetch && isCloudflareWorkers() && (pendingFetch = void 0), !pendingFetch) {
      const sequence = ++reloadSequence, current = pendingFetch = fetchJwks(href, headers, AbortSignal.timeout(timeoutDuration), fetchImpl).then((json2) => {
        const next = createLocalJWKSet(json2);
        if (sequence <= appliedSequence)
          return;
        local = next;
        const updatedAt = Date.now();
        cache2 && (cache2.uat = updatedAt, cache2.jwks = json2), jwksTimestamp = updatedAt, appliedSequence = sequence;
      }).finally(() => {
        pendingFetch === current && (pendingFetch = void 0);
      });
    }
    await pendingFetch;
  };
  return Object.defineProperties(async (protectedHeader, token) => {
    (!local || !isFreshFor(jwksTimestamp, cacheMaxAge)) && await reload();
    try {
      return await local(protectedHeader, token);
    } catch (err) {
      if (err instanceof JWKSNoMatchingKey && !isFreshFor(jwksTimestamp, cooldownDuration))
        return await reload(), local(protectedHeader, token);
      throw err;
    }
  }, {
    coolingDown: {
      get: () => isFreshFor(jwksTimestamp, cooldownDuration),
      enumerable: true
    },
    fresh: {
      get: () => isFreshFor(jwksTimestamp, cacheMaxAge),
      enumerable: true
    },
    reload: {
      value: reload,
      enumerable: true
    },
    reloading: {
      get: () => !!pendingFetch,
      enumerable: true
    },
    jwks: {
      value: () => local?.jwks(),
      enumerable: true
    }
  });
}

// runtime/access/config.ts
var CERTS_PATH = "/cdn-cgi/access/certs";
var LOOPBACK_HOSTS = ["127.0.0.1", "[::1]"];
function readAccessConfig(env) {
  const team = env.ACCESS_TEAM_DOMAIN?.trim() ?? "";
  const audience = env.ACCESS_AUD?.trim() ?? "";
  if (team === "") return { ok: false, reason: "not-configured: ACCESS_TEAM_DOMAIN is not set" };
  if (audience === "") return { ok: false, reason: "not-configured: ACCESS_AUD is not set" };
  const issuer = teamOrigin(team);
  if (issuer === null) {
    return {
      ok: false,
      reason: "not-configured: ACCESS_TEAM_DOMAIN must be an https origin such as https://TEAM.cloudflareaccess.com"
    };
  }
  return { ok: true, config: { issuer, audience, certsUrl: issuer + CERTS_PATH } };
}
function teamOrigin(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const secure = url.protocol === "https:";
  const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname);
  if (!secure && !loopback) return null;
  if (url.username !== "" || url.password !== "") return null;
  if (url.pathname !== "/" || url.search !== "" || url.hash !== "") return null;
  if (value.includes("?") || value.includes("#")) return null;
  return url.origin;
}

// runtime/access/token.ts
var ACCESS_HEADER = "Cf-Access-Jwt-Assertion";
var ACCESS_COOKIE = "CF_Authorization";
function extractAccessToken(request) {
  const header = request.headers.get(ACCESS_HEADER)?.trim();
  if (header) return header;
  return readCookie(request.headers.get("Cookie"), ACCESS_COOKIE);
}
function readCookie(cookieHeader, name) {
  if (cookieHeader === null) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return value === "" ? null : value;
  }
  return null;
}

// runtime/access/verify.ts
var JWKS_TIMEOUT_MS = 3e3;
var CLOCK_TOLERANCE_S = 30;
var MAX_TOKEN_LENGTH = 8192;
var MAX_CACHED_KEY_SETS = 4;
var MAX_REASON_LENGTH = 200;
var keySets = /* @__PURE__ */ new Map();
function remoteKeySet(certsUrl) {
  let keySet = keySets.get(certsUrl);
  if (keySet === void 0) {
    if (keySets.size >= MAX_CACHED_KEY_SETS) keySets.clear();
    keySet = createRemoteJWKSet(new URL(certsUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
    keySets.set(certsUrl, keySet);
  }
  return keySet;
}
async function verifyAccess(request, env) {
  try {
    return await verifyOrRefuse(request, env);
  } catch (error) {
    return refuse("internal", error);
  }
}
async function verifyOrRefuse(request, env) {
  const configured = readAccessConfig(env);
  if (!configured.ok) return { ok: false, reason: configured.reason };
  const { issuer, audience, certsUrl } = configured.config;
  const token = extractAccessToken(request);
  if (token === null)
    return {
      ok: false,
      reason: "no-token: no Cf-Access-Jwt-Assertion header or CF_Authorization cookie"
    };
  if (token.length > MAX_TOKEN_LENGTH)
    return { ok: false, reason: `token-too-large: ${token.length} characters` };
  const keySet = remoteKeySet(certsUrl);
  let unavailable;
  const getKey = async (header, input) => {
    try {
      return await keySet(header, input);
    } catch (error) {
      const tokenProblem = error instanceof errors_exports.JWKSNoMatchingKey || error instanceof errors_exports.JWKSMultipleMatchingKeys;
      if (!tokenProblem) unavailable = error;
      throw error;
    }
  };
  try {
    const { payload } = await jwtVerify(token, getKey, {
      algorithms: ["RS256"],
      issuer,
      audience,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["exp"]
    });
    return accepted(payload);
  } catch (error) {
    return unavailable === void 0 ? refuse("invalid-token", error) : refuse("jwks-unavailable", unavailable);
  }
}
function accepted(payload) {
  const verdict = { ok: true };
  if (typeof payload.email === "string" && payload.email !== "") verdict.email = payload.email;
  if (typeof payload.sub === "string" && payload.sub !== "") verdict.subject = payload.sub;
  return verdict;
}
function refuse(kind, error) {
  return { ok: false, reason: `${kind}: ${describe(error)}`.slice(0, MAX_REASON_LENGTH) };
}
function describe(error) {
  if (!(error instanceof Error)) return String(error);
  const code = error.code;
  const cause = error.cause;
  const parts = [typeof code === "string" ? code : error.name, error.message];
  if (typeof cause?.code === "string") parts.push(`(${cause.code})`);
  return parts.join(" ");
}

// runtime/case-fold-table.ts
var FOLD_RUNS = "51 1 1 lj,5c n 1 w,60 7 1 w,74 o 2 1,8i 3 2 1,8p 8 2 1,96 n 2 1,ag 1 1 -3d,ah 3 2 1,an 1 1 -7g,ap 1 1 5u,aq 2 2 1,au 1 1 5q,av 1 1 1,ax 2 1 5p,az 1 1 1,b2 1 1 27,b3 1 1 5m,b4 1 1 5n,b5 1 1 1,b7 1 1 5p,b8 1 1 5r,ba 1 1 5v,bb 1 1 5t,bc 1 1 1,bg 1 1 5v,bh 1 1 5x,bj 1 1 5y,bk 3 2 1,bq 1 1 62,br 1 1 1,bt 1 1 62,bw 1 1 1,by 1 1 62,bz 1 1 1,c1 2 1 61,c3 2 2 1,c7 1 1 63,c8 2 4 1,ck 1 1 2,cl 1 1 1,cn 1 1 2,co 1 1 1,cq 1 1 2,cr 9 2 1,da 9 2 1,dt 1 1 2,du 2 2 1,dy 1 1 -2p,dz 1 1 -1k,e0 k 2 1,f4 1 1 -3m,f6 9 2 1,fu 1 1 8bv,fv 1 1 1,fx 1 1 -4j,fy 1 1 8bs,g1 1 1 1,g3 1 1 -5f,g4 1 1 1x,g5 1 1 1z,g6 5 2 1,n9 1 1 38,og 2 2 1,om 1 1 1,ov 1 1 38,p2 1 1 12,p4 3 1 11,p8 1 1 1s,pa 2 1 1r,pd h 1 w,pv 9 1 w,qq 1 1 1,r3 1 1 8,r4 1 1 -u,r5 1 1 -p,r9 1 1 -f,ra 1 1 -m,rc c 2 1,s0 1 1 -1i,s1 1 1 -1c,s4 1 1 -1o,s5 1 1 -1s,s7 1 1 1,s9 1 1 -7,sa 1 1 1,sd 3 1 -3m,sg g 1 28,sw w 1 w,v4 h 2 1,wa r 2 1,xs 1 1 f,xt 7 2 1,y8 1c 2 1,10x 12 1 1c,3a8 12 1 5ls,3bb 2 6 5ls,3y0 6 1 -8,5mo 1 1 -4su,5mp 1 1 -4st,5mq 1 1 -4sk,5mr 2 1 -4si,5mt 1 1 -4sj,5mu 1 1 -4sc,5mv 1 1 -4ro,5mw 1 1 r7n,5mx 1 1 1,5n4 17 1 -2bk,5od 3 1 -2bk,5xc 23 2 1,61n 1 1 -1m,61s 1c 2 1,64o 8 1 -8,654 6 1 -8,65k 8 1 -8,660 8 1 -8,66g 6 1 -8,66x 4 2 -8,67c 8 1 -8,69k 2 1 -8,69m 2 1 -22,69q 1 1 -5j9,6a0 4 1 -2e,6ag 2 1 -8,6ai 2 1 -2s,6aw 2 1 -8,6ay 2 1 -34,6b0 1 1 -7,6bc 2 1 -3k,6be 2 1 -3i,6jq 1 1 -5st,6ju 1 1 -6gv,6jv 1 1 -6di,6k2 1 1 s,6lc g 1 g,6mb 1 1 1,792 q 1 q,8ow 1c 1 1c,8rk 1 1 1,8rm 1 1 -8af,8rn 1 1 -2xy,8ro 1 1 -89z,8rr 3 2 1,8rx 1 1 -8bg,8ry 1 1 -8al,8rz 1 1 -8bj,8s0 1 1 -8bi,8s2 2 3 1,8se 2 1 -8cf,8sg 1e 2 1,8vf 2 2 1,8vm 2 nym 1,wua m 2 1,ww0 e 2 1,x0i 7 2 1,x0y v 2 1,x2x 2 2 1,x31 1 1 -r9g,x32 5 2 1,x3f 1 1 1,x3h 1 1 -wmg,x3k 2 2 1,x3q a 2 1,x4a 1 1 -wn8,x4b 1 1 -wnj,x4c 1 1 -wnf,x4d 1 1 -wn5,x4e 1 1 -wn8,x4g 1 1 -wlu,x4h 1 1 -wmi,x4i 1 1 -wlx,x4j 1 1 ps,x4k 8 2 1,x50 1 1 -1c,x51 1 1 -wn7,x52 1 1 -raw,x53 2 2 1,x57 1 1 -wo7,x58 8 2 1,x5o 1 1 -wu9,x6d 1 1 1,xv4 28 1 -tzk,1ee9 q 1 w,1fcw 14 1 14,1fhs 10 1 14,1fn4 b 1 13,1fng f 1 13,1fnw 7 1 13,1fo4 2 1 13,1h1c 1f 1 1s,1h74 m 1 w,1jfk w 1 w,20cg w 1 w,20f4 p 1 r,2olc y 1 y";
var FOLD_FULL = "67 37 37,8g 2x lj,95 jg 32,ds 2y lo,pc qh lk ld,q8 qt lk ld,13b 12d 136,61i 2w mp,61j 38 lk,61k 3b lm,61l 3d lm,61m 2p ji,61q 37 37,66o qt lv,66q qt lv lc,66s qt lv ld,66u qt lv n6,680 64g qh,681 64h qh,682 64i qh,683 64j qh,684 64k qh,685 64l qh,686 64m qh,687 64n qh,688 64g qh,689 64h qh,68a 64i qh,68b 64j qh,68c 64k qh,68d 64l qh,68e 64m qh,68f 64n qh,68g 65c qh,68h 65d qh,68i 65e qh,68j 65f qh,68k 65g qh,68l 65h qh,68m 65i qh,68n 65j qh,68o 65c qh,68p 65d qh,68q 65e qh,68r 65f qh,68s 65g qh,68t 65h qh,68u 65i qh,68v 65j qh,68w 674 qh,68x 675 qh,68y 676 qh,68z 677 qh,690 678 qh,691 679 qh,692 67a qh,693 67b qh,694 674 qh,695 675 qh,696 676 qh,697 677 qh,698 678 qh,699 679 qh,69a 67a qh,69b 67b qh,69e 67k qh,69f q9 qh,69g q4 qh,69i q9 n6,69j q9 n6 qh,69o q9 qh,69u 67o qh,69v qf qh,69w q6 qh,69y qf n6,69z qf n6 qh,6a4 qf qh,6aa qh lk lc,6ab qh lk ld,6ae qh n6,6af qh lk n6,6aq qt lk lc,6ar qt lk ld,6as qp lv,6au qt n6,6av qt lk n6,6b6 67w qh,6b7 qx qh,6b8 r2 qh,6ba qx n6,6bb qx n6 qh,6bg qx qh,1dkw 2u 2u,1dkx 2u 2x,1dky 2u 30,1dkz 2u 2u 2x,1dl0 2u 2u 30,1dl1 37 38,1dl2 37 38,1dlf 12s 12u,1dlg 12s 12d,1dlh 12s 12j,1dli 132 12u,1dlj 12s 12l";

// runtime/case-fold.ts
var ASCII_ONLY = /^[\u0000-\u007f]*$/;
var folds;
function foldTable() {
  if (folds) return folds;
  const table2 = /* @__PURE__ */ new Map();
  for (const run of FOLD_RUNS.split(",")) {
    const [start, count, stride, delta] = run.split(" ").map((n) => parseInt(n, 36));
    for (let i = 0; i < count; i++) {
      const from = start + i * stride;
      table2.set(from, String.fromCodePoint(from + delta));
    }
  }
  for (const entry of FOLD_FULL.split(",")) {
    const [from, ...to] = entry.split(" ").map((n) => parseInt(n, 36));
    table2.set(from, String.fromCodePoint(...to));
  }
  folds = table2;
  return table2;
}
function foldCase(text2) {
  if (ASCII_ONLY.test(text2)) return text2.toLowerCase();
  const table2 = foldTable();
  let out = "";
  for (const ch of text2) {
    const code = ch.codePointAt(0);
    if (code < 128) out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
    else out += table2.get(code) ?? ch;
  }
  return out;
}

// runtime/access/paths.ts
var AREAS = /* @__PURE__ */ new Map([
  ["_stats", "stats"],
  ["_tests", "tests"]
]);
var DEFAULT_LANG = "en";
function isProtectedPath(normalizedLowerPath, languages) {
  const segments = foldCase(normalizedLowerPath).split("/").filter((segment) => segment !== "");
  const [first, second] = segments;
  const bare = first === void 0 ? void 0 : AREAS.get(first);
  if (bare) return { area: bare, lang: DEFAULT_LANG, rest: segments.slice(1).join("/") };
  const localized = second === void 0 ? void 0 : AREAS.get(second);
  if (localized && languages.includes(first)) {
    return { area: localized, lang: first, rest: segments.slice(2).join("/") };
  }
  return null;
}

// runtime/codes.ts
function runtimeProblem(code, text2) {
  return `${code} ${text2}`;
}

// runtime/analytics/clip.ts
function clip(value, max) {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// runtime/analytics/query.ts
var QUERY_MODES = ["campaign", "full", "none"];
var CLICK_IDS = [
  "gclid",
  "gbraid",
  "wbraid",
  "gad_source",
  "dclid",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id"
];
var CAMPAIGN_VALUE_MAX = 255;
var CLICK_ID_SET = new Set(CLICK_IDS);
function isCampaignParam(key2) {
  const name = key2.toLowerCase();
  return name.startsWith("utm_") || CLICK_ID_SET.has(name);
}
function selectQuery(params, mode) {
  if (mode === "none") return "";
  const kept = new URLSearchParams();
  params.forEach((value, key2) => {
    const campaign = isCampaignParam(key2);
    if (campaign) kept.append(key2, clip(value, CAMPAIGN_VALUE_MAX));
    else if (mode === "full") kept.append(key2, value);
  });
  return kept.toString();
}

// runtime/analytics/types.ts
var PROVIDERS = ["provider_a", "provider_b", "fathom"];

// runtime/analytics/config.ts
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
var SITE_ID = /^[A-Za-z0-9_-]{1,64}$/;
var FATHOM_SITE_ID = /^[A-Za-z0-9]{1,32}$/;
var FATHOM_DEFAULT_ENDPOINT = "https://cdn.usefathom.com/";
var COLLECTION_KEY = /^[\x21-\x7e]{8,512}$/;
var LOOPBACK = /* @__PURE__ */ new Set(["localhost", "127.0.0.1", "[::1]"]);
function parseAnalyticsConfig(env) {
  const problems = [];
  const queryMode = parseEnum(
    "ANALYTICS_QUERY_MODE",
    env.ANALYTICS_QUERY_MODE,
    QUERY_MODES,
    "campaign",
    problems,
    "SL705",
    "analytics is off"
  );
  const enabled = queryMode ? parseProviders(env.ANALYTICS_PROVIDER, problems) : /* @__PURE__ */ new Set();
  const config = { problems, queryMode: queryMode ?? "campaign" };
  if (enabled.has("provider_a")) {
    const endpoint = parseEndpoint("PROVIDER_A_ENDPOINT", env.PROVIDER_A_ENDPOINT, problems);
    const website = parseId(
      "PROVIDER_A_WEBSITE_ID",
      env.PROVIDER_A_WEBSITE_ID,
      UUID,
      "a UUID (version 1-8, RFC 9562 variant)",
      problems
    );
    const ipMode = parseEnum(
      "PROVIDER_A_GEO_IP_MODE",
      env.PROVIDER_A_GEO_IP_MODE,
      ["full", "truncated", "none"],
      "truncated",
      problems
    );
    const botMode = parseBotMode("PROVIDER_A_BOT_MODE", env.PROVIDER_A_BOT_MODE, problems);
    if (endpoint && website && ipMode && botMode)
      config.provider_a = { endpoint, website, ipMode, botMode };
  }
  if (enabled.has("provider_b")) {
    const endpoint = parseEndpoint("PROVIDER_B_ENDPOINT", env.PROVIDER_B_ENDPOINT, problems);
    const siteId = parseId(
      "PROVIDER_B_SITE_ID",
      env.PROVIDER_B_SITE_ID,
      SITE_ID,
      "1-64 letters, digits, - or _",
      problems
    );
    const botMode = parseBotMode("PROVIDER_B_BOT_MODE", env.PROVIDER_B_BOT_MODE, problems);
    const key2 = parseCollectionKey(env.PROVIDER_B_COLLECTION_KEY, problems);
    if (endpoint && siteId && botMode && key2 !== null)
      config.provider_b = { endpoint, siteId, botMode, ...key2 ? { collectionKey: key2 } : {} };
  }
  if (enabled.has("fathom")) {
    const endpoint = parseEndpoint(
      "FATHOM_ENDPOINT",
      env.FATHOM_ENDPOINT?.trim() || FATHOM_DEFAULT_ENDPOINT,
      problems,
      "SL711"
    );
    const siteId = parseId(
      "FATHOM_SITE_ID",
      env.FATHOM_SITE_ID,
      FATHOM_SITE_ID,
      "Fathom's site id, 1-32 letters or digits",
      problems,
      "SL710"
    );
    const botMode = parseBotMode("FATHOM_BOT_MODE", env.FATHOM_BOT_MODE, problems, "SL712");
    if (endpoint && siteId && botMode) config.fathom = { endpoint, siteId, botMode };
  }
  return config;
}
function anyProvider(config) {
  return Boolean(config.provider_a || config.provider_b || config.fathom);
}
function parseProviders(raw, problems) {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "disabled") return /* @__PURE__ */ new Set();
  const parts = value.split(",").map((p) => p.trim());
  const known = parts.every((p) => PROVIDERS.includes(p));
  if (!known || new Set(parts).size !== parts.length) {
    problems.push(
      runtimeProblem(
        "SL701",
        "ANALYTICS_PROVIDER: expected disabled, provider_a, provider_b or provider_a,provider_b, each optionally with fathom; analytics is off"
      )
    );
    return /* @__PURE__ */ new Set();
  }
  return new Set(parts);
}
function parseEndpoint(name, raw, problems, code = "SL702") {
  const value = (raw ?? "").trim();
  let url;
  try {
    url = new URL(value);
  } catch {
    url = void 0;
  }
  const ok = url !== void 0 && url.username === "" && url.password === "" && (url.protocol === "https:" || url.protocol === "http:" && LOOPBACK.has(url.hostname));
  if (ok) return url.href;
  problems.push(
    runtimeProblem(
      code,
      `${name}: expected an https:// URL (http:// only on localhost) without credentials; provider disabled`
    )
  );
  return void 0;
}
function parseId(name, raw, pattern2, expected, problems, code = "SL703") {
  const value = (raw ?? "").trim();
  if (pattern2.test(value)) return value;
  problems.push(runtimeProblem(code, `${name}: expected ${expected}; provider disabled`));
  return void 0;
}
function parseEnum(name, raw, allowed, fallback, problems, code = "SL704", effect = "provider disabled") {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "") return fallback;
  if (allowed.includes(value)) return value;
  problems.push(runtimeProblem(code, `${name}: expected one of ${allowed.join(", ")}; ${effect}`));
  return void 0;
}
function parseCollectionKey(raw, problems) {
  const value = (raw ?? "").trim();
  if (value === "") return void 0;
  if (COLLECTION_KEY.test(value)) return value;
  problems.push(
    runtimeProblem(
      "SL706",
      "PROVIDER_B_COLLECTION_KEY: expected an API key (8-512 visible ASCII characters, no spaces); provider disabled"
    )
  );
  return null;
}
function parseBotMode(name, raw, problems, code = "SL704") {
  const modes = ["normalize", "normalise", "original"];
  const value = parseEnum(name, raw, modes, "normalize", problems, code);
  return value === "normalise" ? "normalize" : value;
}
var ANALYTICS_KEYS = [
  "ANALYTICS_PROVIDER",
  "ANALYTICS_QUERY_MODE",
  "PROVIDER_A_ENDPOINT",
  "PROVIDER_A_WEBSITE_ID",
  "PROVIDER_A_GEO_IP_MODE",
  "PROVIDER_A_BOT_MODE",
  "PROVIDER_B_SITE_ID",
  "PROVIDER_B_ENDPOINT",
  "PROVIDER_B_BOT_MODE",
  "PROVIDER_B_COLLECTION_KEY",
  "FATHOM_SITE_ID",
  "FATHOM_ENDPOINT",
  "FATHOM_BOT_MODE"
];
var cachedEnv;
var cachedKey;
var cachedConfig;
function loadAnalyticsConfig(env) {
  if (cachedConfig && env === cachedEnv) return cachedConfig;
  const key2 = JSON.stringify(ANALYTICS_KEYS.map((k) => env[k] ?? null));
  cachedEnv = env;
  if (cachedConfig && key2 === cachedKey) return cachedConfig;
  cachedConfig = parseAnalyticsConfig(env);
  cachedKey = key2;
  for (const problem of cachedConfig.problems) console.warn(`shortlinks analytics: ${problem}`);
  return cachedConfig;
}

// runtime/analytics/dispatch.ts
var ANALYTICS_TIMEOUT_MS = 3e3;
var zero = () => ({ sent: 0, http_error: 0, timeout: 0, network_error: 0 });
var counters = {
  provider_a: zero(),
  provider_b: zero(),
  fathom: zero()
};
async function deliverAll(requests, options = {}) {
  return Promise.all(requests.map((request) => deliver(request, options)));
}
async function deliver(request, options) {
  const doFetch = options.fetch ?? fetch;
  const ms = options.timeoutMs ?? ANALYTICS_TIMEOUT_MS;
  const result = {
    provider: request.provider,
    event: request.event,
    status: 0,
    body: ""
  };
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...request.method === "POST" ? { body: request.body } : {},
      signal: options.timeoutSignal ? options.timeoutSignal(ms) : AbortSignal.timeout(ms)
    });
    result.status = response.status;
    result.body = (await response.text()).slice(0, 2e3);
    if (response.ok) {
      counters[request.provider].sent++;
    } else {
      fail(request, "http_error", `HTTP ${response.status}`);
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    const kind = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network_error";
    result.body = kind;
    fail(request, kind, name);
  }
  return result;
}
function fail(request, kind, detail) {
  counters[request.provider][kind]++;
  console.warn(
    `shortlinks analytics: ${request.provider} ${request.event} not delivered (${kind}: ${detail})`
  );
}

// runtime/analytics/event-data.ts
var MAX_VALUE_LENGTH = 500;
var MAX_KEY_LENGTH = 50;
var MAX_PROPERTIES = 50;
function eventData(facts, visitor) {
  const entries = [
    ["type", facts.kind],
    ["zone", facts.zone],
    ["slug", facts.slug],
    ["target_host", facts.target_host],
    ["effective_state", facts.effective_state],
    ["schedule_label", facts.schedule_label],
    ["route", facts.route],
    ["variant", facts.variant],
    ["redirect_status", facts.redirect_status],
    ["redirect_error", facts.redirect_error],
    ["lookup_result", facts.lookup_result],
    ["preview_bot", facts.preview_bot],
    ["bot_family", visitor.bot.family],
    ["country", visitor.country],
    ["colo", visitor.colo],
    ["correlation_id", visitor.correlationId],
    ["path", visitor.pathname],
    ["query", visitor.query]
  ];
  const data = [];
  for (const [key2, value] of entries) {
    if (value === void 0 || value === "") continue;
    if (typeof value === "number" && !Number.isFinite(value)) continue;
    data.push([
      key2.slice(0, MAX_KEY_LENGTH),
      typeof value === "string" ? clip(value, MAX_VALUE_LENGTH) : value
    ]);
  }
  return data.slice(0, MAX_PROPERTIES);
}

// runtime/analytics/ip.ts
var IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
function visitorIp(raw, mode) {
  if (mode === "none" || raw === null) return void 0;
  const ip = raw.trim();
  if (IPV4.test(ip)) return mode === "full" ? ip : ip.replace(/\.\d+$/, ".0");
  const groups = expandIpv6(ip);
  if (!groups) return void 0;
  if (mode === "full") return ip.toLowerCase();
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 65535;
  if (mapped) return `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.0`;
  return `${groups.slice(0, 3).map((g) => g.toString(16)).join(":")}::`;
}
function expandIpv6(text2) {
  if (!/^[0-9a-f:.]+$/i.test(text2) || text2.length > 45) return void 0;
  let body = text2;
  const tail = [];
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (v4) {
    if (!IPV4.test(v4[1])) return void 0;
    const o = v4[1].split(".").map(Number);
    tail.push(o[0] << 8 | o[1], o[2] << 8 | o[3]);
    body = body.slice(0, v4.index + 1);
    if (!body.endsWith("::")) body = body.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return void 0;
  const parse2 = (s) => s === "" ? [] : s.split(":");
  const head = parse2(halves[0]);
  const rest = halves.length === 2 ? parse2(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return void 0;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return void 0;
  const zeros = new Array(8 - known).fill(0);
  const hex = (g) => parseInt(g, 16);
  return [...head.map(hex), ...halves.length === 2 ? zeros : [], ...rest.map(hex), ...tail];
}

// runtime/analytics/provider-a.ts
var PROVIDER_A_FALLBACK_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
var MAX_HOSTNAME = 100;
var MAX_URL = 500;
function buildProviderA(config, facts, visitor) {
  const asBot = visitor.bot.bot && config.botMode === "normalize";
  const name = asBot ? "bot" : facts.kind;
  const payload = {
    website: config.website,
    hostname: clip(visitor.hostname, MAX_HOSTNAME),
    language: visitor.language,
    referrer: clip(visitor.referrer, MAX_URL),
    url: clip(visitor.pathname + (visitor.query ? `?${visitor.query}` : ""), MAX_URL)
  };
  if (facts.title && facts.kind === "pageview") payload.title = clip(facts.title, MAX_VALUE_LENGTH);
  if (name !== "pageview") {
    payload.name = name.slice(0, MAX_KEY_LENGTH);
    payload.data = Object.fromEntries(eventData(facts, visitor));
  }
  const ip = visitorIp(visitor.clientIp, config.ipMode);
  if (ip !== void 0) payload.ip = ip;
  return {
    provider: "provider_a",
    event: name,
    url: config.endpoint,
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": visitor.bot.bot ? PROVIDER_A_FALLBACK_UA : visitor.userAgent
    },
    body: JSON.stringify({ type: "event", payload })
  };
}

// runtime/version.ts
var VERSION = true ? "0.1.0" : "dev";
var GENERATOR = `shortlinks/${VERSION}`;

// runtime/analytics/provider-b.ts
var PROVIDER_B_BOT_UA = `${GENERATOR} (+analytics)`;
var MAX_PROPERTIES_LENGTH = 2048;
var LIMITS = {
  hostname: 253,
  pathname: 2048,
  querystring: 2048,
  referrer: 2048,
  page_title: 512,
  event_name: 256,
  user_agent: 512
};
function buildProviderB(config, facts, visitor) {
  const asBot = visitor.bot.bot && config.botMode === "normalize";
  const name = asBot ? "bot" : facts.kind;
  const body = {
    type: name === "pageview" ? "pageview" : "custom_event",
    site_id: config.siteId,
    hostname: clip(visitor.hostname, LIMITS.hostname),
    pathname: clip(visitor.pathname, LIMITS.pathname),
    querystring: visitor.query ? clip(`?${visitor.query}`, LIMITS.querystring) : "",
    referrer: clip(visitor.referrer, LIMITS.referrer),
    language: visitor.language,
    anonymous_id: crypto.randomUUID()
  };
  if (facts.title && facts.kind === "pageview")
    body.page_title = clip(facts.title, LIMITS.page_title);
  if (name !== "pageview") {
    body.event_name = name.slice(0, LIMITS.event_name);
    body.properties = fitProperties(eventData(facts, visitor));
  }
  const headers = {
    "content-type": "application/json",
    "user-agent": visitor.bot.bot ? PROVIDER_B_BOT_UA : visitor.userAgent
  };
  if (config.collectionKey) {
    headers.authorization = `Bearer ${config.collectionKey}`;
    if (!visitor.bot.bot) body.user_agent = clip(visitor.userAgent, LIMITS.user_agent);
    const ip = visitorIp(visitor.clientIp, "truncated");
    if (ip !== void 0) body.ip_address = ip;
  }
  return {
    provider: "provider_b",
    event: name,
    url: config.endpoint,
    method: "POST",
    headers,
    body: JSON.stringify(body)
  };
}
function fitProperties(data) {
  for (let n = data.length; n > 0; n--) {
    const json2 = JSON.stringify(Object.fromEntries(data.slice(0, n)));
    if (json2.length <= MAX_PROPERTIES_LENGTH) return json2;
  }
  return "{}";
}

// runtime/analytics/provider-fathom.ts
var FATHOM_BOT_UA = PROVIDER_A_FALLBACK_UA;
var MAX_URL_PART = 2048;
var MAX_NAME = 256;
function buildFathom(config, facts, visitor) {
  const asBot = visitor.bot.bot && config.botMode === "normalize";
  const name = asBot ? "bot" : facts.kind;
  const url = new URL(config.endpoint);
  const params = [
    ["h", clip(visitor.origin, MAX_URL_PART)],
    ["p", clip(visitor.pathname || "/", MAX_URL_PART)],
    ["r", clip(visitor.referrer, MAX_URL_PART)],
    ["sid", config.siteId],
    ["qs", fitProperties([...new URLSearchParams(visitor.query)])],
    ["cid", String(crypto.getRandomValues(new Uint32Array(1))[0] % 1e8 + 1)]
  ];
  if (name !== "pageview") {
    params.push(["name", name.slice(0, MAX_NAME)]);
    params.push(["payload", fitProperties(eventData(facts, visitor))]);
  }
  for (const [key2, value] of params) url.searchParams.set(key2, value);
  return {
    provider: "fathom",
    event: name,
    url: url.href,
    method: "GET",
    headers: { "user-agent": visitor.bot.bot ? FATHOM_BOT_UA : visitor.userAgent },
    body: ""
  };
}

// runtime/env.ts
function edgeMetadata(request) {
  const cf = request.cf;
  return { country: cf?.country, colo: cf?.colo };
}

// node_modules/isbot/index.mjs
var fullPattern = " daum[ /]| deusu/|(?:^|[^g])news(?!sapphire)|(?<! channel/|google/)google(?!(?:wv|app|/google| pixel))|(?<! cu)bots?(?:\\b|_)|(?<!cam)scan|(?<!lib)http|24x7|;\\s\\w+;$|@[a-z][\\w-]+\\.|\\(\\)|\\.com\\b|\\b\\w+/1\\.0;|\\bbw/|\\bdlc\\b|\\bort/|\\bperl\\b|\\btime/|\\||^[<\\(;]|^[\\w \\.\\-\\(?:\\):%]+(?:/v?\\d+(?:\\.\\d+)?(?:\\.\\d{1,10})*?)?(?:,|$)|^[\\w\\-]+/[\\w]+$|^[^ ]{50,}$|^\\d+\\b|^\\w*search\\b|^\\w+/[\\w\\(\\)]*$|^\\w+/\\d\\.\\d\\s\\([\\w@]+\\)$|^active|^ad muncher|^amaya|^apache/|^avsdevicesdk/|^azure|^biglotron|^blackbox exporter|^bot|^clamav[ /]|^claude-code/|^client/|^cobweb/|^custom|^ddg[_-]android|^discourse|^dispatch/\\d|^downcast/|^duckduckgo|^email|^exodusmovement|^facebook|^getright/|^gozilla/|^hobbit|^hotzonu|^hwcdn/|^igetter/|^jeode/|^jetty/|^jigsaw|^microsoft bits|^movabletype|^mozilla/\\d\\.\\d\\s[\\w\\.-]+$|^mozilla/\\d\\.\\d\\s\\((?:compatible;)?(?:\\s?[\\w\\d-.]+[\\s/]\\d+\\.\\d+)?\\)$|^navermailapp|^netsurf|^offline|^openai/|^owler|^php|^postman|^ps_daily/|^python|^rank|^read|^reed|^remove\\.bg/|^rest|^rss|^snapchat|^sora |^space bison|^stape/|^svn|^swcd |^taringa|^thumbor/|^track|^w3c|^webbandit/|^webcopier|^wget|^whatsapp|^wordpress|^xenu link sleuth|^yahoo|^yandex|^zdm/\\d|^zoom marketplace/|abuse|advisor|agent\\b|analyzer|archive|ask jeeves/teoma|attracta|audit|bluecoat drtr|browsex|burpcollaborator|capture|catch|check\\b|checker|chrome-lighthouse|chromeframe|classifier|cloudflare|collapsify\\b|convertify|cookiehubverify/|crawl|cursor/|cypress/|dareboost|datanyze|dejaclick|detect|discovery|dmbrowser|download|exaleadcloudview|feed|firephp|foregenix|functionize|grab|hardenize\\b|headless|hotjar|httrack|hubspot marketing grader|ibisbrowser|infrawatch|insight|inspect|iplabel|java(?!;)|library|linkcheck|linktiger|mail\\.ru/|manus-user/|marketgoo/|measure|monitor\\b|neustar wpm|node\\b|nutch|offbyone|openvas|optimize|pageburst|pagespeed|parser|phantomjs|pingdom|playwright|powermarks|preview|productfinder|prospectingstudio|proxy|ptst[ /]\\d|radar|readable/|retriever|rexx;|rigor|rss\\b|scrape|securityheaders|selenium|server|silktide|sindup/|sogou|sparkler/|speedcurve|spider|splash|statuscake|supercleaner|synapse|synthetic|testlocally|tools|torrent|transcoder|url|validator|virtuoso|wappalyzer|watchtowr|webglance|webkit2png|whatcms/|xtate/";
var naivePattern = /bot|crawl|http|lighthouse|scan|search|spider/i;
var pattern;
function getPattern() {
  if (pattern instanceof RegExp) {
    return pattern;
  }
  try {
    pattern = new RegExp(fullPattern, "i");
  } catch (error) {
    pattern = naivePattern;
  }
  return pattern;
}
var isNonEmptyString = (value) => typeof value === "string" && value !== "";
function isBot(userAgent) {
  return isNonEmptyString(userAgent) && getPattern().test(userAgent);
}
var findBotMatch = (userAgent) => {
  var _a, _b;
  return (_b = (_a = userAgent == null ? void 0 : userAgent.match(getPattern())) == null ? void 0 : _a[0]) != null ? _b : null;
};
var isbot = isBot;
var isbotMatch = findBotMatch;

// runtime/analytics/bot.ts
var BOT_WORD = /bot|crawl|spider|slurp|fetch|scan|preview/i;
var MAX_FAMILY = 50;
function detectBot(userAgent) {
  const ua = (userAgent ?? "").trim();
  if (ua === "") return { bot: true, family: "unknown" };
  if (!isbot(ua)) return { bot: false };
  return { bot: true, family: botFamily(ua) };
}
function botFamily(ua) {
  const tokens2 = ua.split(/[\s;()]+/).filter((t) => t !== "" && !/^\+?https?:/i.test(t));
  const named = tokens2.find((t) => BOT_WORD.test(t.split("/")[0]));
  const match = isbotMatch(ua) ?? "";
  const token = named ?? tokens2.find((t) => match !== "" && t.includes(match)) ?? tokens2[0] ?? "unknown";
  const name = token.split("/")[0].replace(/^[^A-Za-z0-9]+/, "").toLowerCase();
  return (name === "" ? "unknown" : name).slice(0, MAX_FAMILY);
}

// runtime/analytics/visitor.ts
var LANGUAGE_MAX = 35;
function readVisitor(request, queryMode) {
  const url = new URL(request.url);
  const headers = request.headers;
  const userAgent = headers.get("user-agent") ?? "";
  const edge = edgeMetadata(request);
  return {
    hostname: url.hostname,
    origin: url.origin,
    pathname: url.pathname,
    query: selectQuery(url.searchParams, queryMode),
    referrer: cleanReferrer(headers.get("referer")),
    language: firstLanguage(headers.get("accept-language")),
    userAgent,
    bot: detectBot(userAgent),
    clientIp: headers.get("cf-connecting-ip"),
    country: edge.country,
    colo: edge.colo,
    correlationId: correlationId(request)
  };
}
var RAY = /^[0-9A-Za-z-]{1,64}$/;
var ids = /* @__PURE__ */ new WeakMap();
function correlationId(request) {
  let id = ids.get(request);
  if (id === void 0) {
    const ray = request.headers.get("cf-ray") ?? "";
    id = RAY.test(ray) ? ray : crypto.randomUUID();
    ids.set(request, id);
  }
  return id;
}
var LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;
function firstLanguage(header) {
  const tag2 = (header ?? "").split(",")[0].split(";")[0].trim();
  if (!LANGUAGE_TAG.test(tag2)) return "";
  let cut = tag2;
  while (cut.length > LANGUAGE_MAX) cut = cut.slice(0, cut.lastIndexOf("-"));
  return cut;
}
function cleanReferrer(header) {
  if (!header) return "";
  try {
    const url = new URL(header);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.origin + url.pathname;
  } catch {
    return "";
  }
}

// runtime/analytics/index.ts
function buildAnalyticsRequests(request, config, facts) {
  if (!anyProvider(config)) return [];
  const read = readVisitor(request, config.queryMode);
  const visitor = facts.zone_path === void 0 ? read : { ...read, pathname: facts.zone_path, query: "", referrer: "" };
  if (facts.kind === "preview" && !visitor.bot.bot)
    visitor.bot = { bot: true, family: facts.preview_bot };
  const requests = [];
  if (config.provider_a) requests.push(buildProviderA(config.provider_a, facts, visitor));
  if (config.provider_b) requests.push(buildProviderB(config.provider_b, facts, visitor));
  if (config.fathom) requests.push(buildFathom(config.fathom, facts, visitor));
  return requests;
}
var afterResponse = () => new Promise((resolve2) => setTimeout(resolve2, 0));
function sendAnalytics(request, env, ctx, facts, options = {}) {
  try {
    const config = loadAnalyticsConfig(env);
    if (!anyProvider(config)) return;
    const snapshot = { ...facts };
    const work = afterResponse().then(() => deliverAll(buildAnalyticsRequests(request, config, snapshot), options)).then(() => void 0, warnBug);
    ctx.waitUntil(work);
  } catch (error) {
    warnBug(error);
  }
}
function warnBug(error) {
  console.warn(
    `shortlinks analytics: event not built (bug: ${error instanceof Error ? error.name : "unknown"})`
  );
}

// runtime/http/mandatory.ts
var tokens = (value) => value.split(",").map((t) => t.trim().toLowerCase()).filter((t) => t !== "");
var onlyReferenceTokens = (value, reference) => {
  const allowed = new Set(tokens(reference));
  const got = tokens(value ?? "");
  return got.length > 0 && got.every((t) => allowed.has(t));
};
var maxAge = (directive) => /^max-age\s*=\s*"?(\d+)"?$/.exec(directive)?.[1];
var REFERRER_RANK = {
  "strict-origin-when-cross-origin": 1,
  "strict-origin": 2,
  "same-origin": 2,
  "no-referrer": 3
};
function permissionMembers(value) {
  const members = /* @__PURE__ */ new Map();
  for (const member of value.split(",")) {
    const match = /^\s*([a-z][a-z0-9-]*)\s*=\s*(.*?)\s*$/i.exec(member);
    if (!match) return null;
    members.set(match[1].toLowerCase(), match[2].replace(/\s+/g, " ").toLowerCase());
  }
  return members;
}
var GRANTS_NOTHING_WIDER = /* @__PURE__ */ new Set(["()", "(self)", "self"]);
function cspPolicies(value) {
  return value.split(",").map((policy) => {
    const directives = /* @__PURE__ */ new Map();
    for (const part of policy.split(";")) {
      const [name, ...rest] = part.trim().toLowerCase().split(/\s+/);
      if (name && !directives.has(name)) directives.set(name, rest.join(" "));
    }
    return directives;
  });
}
var cspHas = (value, directive, allowed) => cspPolicies(value).some((p) => allowed.includes(p.get(directive) ?? "\0"));
var MANDATORY_CONTROLS = [
  {
    header: "x-generated-by",
    keeps: "the generator identity",
    holds: (value, reference) => value === reference
  },
  {
    header: "x-robots-tag",
    keeps: "no-index (every token of the default kept)",
    holds: (value, reference) => {
      const got = new Set(tokens(value ?? ""));
      return got.has("none") || tokens(reference).every((t) => got.has(t));
    }
  },
  {
    header: "strict-transport-security",
    keeps: "host-only HSTS of at least the default max-age, one value, no includeSubDomains or preload",
    holds: (value, reference) => {
      if (value === void 0 || value.includes(",")) return false;
      const directives = value.split(";").map((d) => d.trim().toLowerCase()).filter(Boolean);
      const age = directives.length === 1 ? maxAge(directives[0]) : void 0;
      const floor = maxAge(reference.trim().toLowerCase()) ?? "31536000";
      return age !== void 0 && Number(age) >= Number(floor);
    }
  },
  {
    header: "x-content-type-options",
    keeps: "nosniff",
    holds: onlyReferenceTokens
  },
  {
    header: "x-frame-options",
    keeps: "DENY",
    holds: onlyReferenceTokens
  },
  {
    header: "referrer-policy",
    keeps: "a referrer policy at least as strict as the default",
    holds: (value, reference) => {
      const got = tokens(value ?? "");
      if (got.length === 0 || !got.every((t) => t in REFERRER_RANK)) return false;
      const floor = tokens(reference).map((t) => REFERRER_RANK[t] ?? 3);
      return REFERRER_RANK[got[got.length - 1]] >= Math.max(...floor);
    }
  },
  {
    header: "permissions-policy",
    keeps: "every feature the default disables stays disabled, none granted beyond self",
    holds: (value, reference) => {
      const got = permissionMembers(value ?? "");
      const wanted = permissionMembers(reference);
      if (!got || !wanted) return false;
      for (const [feature, allow] of wanted) if (got.get(feature) !== allow) return false;
      return [...got.values()].every((allow) => GRANTS_NOTHING_WIDER.has(allow));
    }
  },
  {
    header: "content-security-policy",
    keeps: "a CSP with frame-ancestors 'none' and base-uri 'self'",
    holds: (value) => value !== void 0 && cspHas(value, "frame-ancestors", ["'none'"]) && cspHas(value, "base-uri", ["'self'", "'none'"])
  }
];
function mandatoryValues(merged, references) {
  const out = {};
  for (const control of MANDATORY_CONTROLS) {
    const reference = references[control.header];
    if (reference === void 0) continue;
    const value = merged.get(control.header) ?? void 0;
    out[control.header] = value !== reference && control.holds(value, reference) ? value : reference;
  }
  return out;
}
var BASELINE_HEADERS = {
  "x-robots-tag": "noindex, nofollow",
  "strict-transport-security": "max-age=31536000",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "permissions-policy": "accelerometer=(), camera=(), geolocation=(), gyroscope=(), interest-cohort=(), magnetometer=(), microphone=(), payment=(), usb=()",
  "content-security-policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'"
};

// runtime/http/headers.ts
var compiled = /* @__PURE__ */ new Map();
function matchesPattern(pattern2, path) {
  let regex = compiled.get(pattern2);
  if (!regex) {
    const source = pattern2.replace(/^https?:\/\/[^/]*/, "").split(/(\*|:[A-Za-z_]\w*)/).map(
      (part) => part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    ).join("");
    regex = new RegExp(`^${source}$`);
    compiled.set(pattern2, regex);
  }
  return regex.test(path);
}
function matcherOf(pattern2) {
  const path = pattern2.replace(/^https?:\/\/[^/]*/, "");
  if (!/[*:]/.test(path)) return (p) => p === path;
  const prefix = path.slice(0, -1);
  if (path.endsWith("/*") && !/[*:]/.test(prefix))
    return (p) => p.startsWith(prefix) && !p.includes("\n");
  return (p) => matchesPattern(pattern2, p);
}
var COMPILED_RULES = /* @__PURE__ */ new WeakMap();
var NO_MANDATORY = {};
var MERGED_LIMIT = 256;
function mergedFor(rules, references, key2, path) {
  let compiledRules = COMPILED_RULES.get(key2);
  if (!compiledRules) {
    compiledRules = { matchers: rules.map((rule) => matcherOf(rule.pattern)), merged: /* @__PURE__ */ new Map() };
    COMPILED_RULES.set(key2, compiledRules);
  }
  let signature = "";
  for (let i = 0; i < rules.length; i++) if (compiledRules.matchers[i](path)) signature += `${i},`;
  let merged = compiledRules.merged.get(signature);
  if (!merged) {
    const map = mergeRules(rules.filter((_, i) => compiledRules.matchers[i](path)));
    const set = {};
    const unset = [];
    for (const [name, value] of map)
      if (value === null) unset.push(name);
      else set[name] = value;
    const mandatory = references === NO_MANDATORY ? NO_MANDATORY : mandatoryValues(map, references);
    merged = { map, set, unset, mandatory };
    if (compiledRules.merged.size >= MERGED_LIMIT) compiledRules.merged.clear();
    compiledRules.merged.set(signature, merged);
  }
  return merged;
}
function mergeRules(matching) {
  const result = /* @__PURE__ */ new Map();
  for (const rule of matching) {
    for (const name of rule.unset) result.set(name.toLowerCase(), null);
    for (const [name, value] of Object.entries(rule.set)) {
      const key2 = name.toLowerCase();
      const before = result.get(key2);
      result.set(key2, before ? `${before}, ${value}` : value);
    }
  }
  return result;
}
function headersWithRules(own, policy, path) {
  const merged = mergedFor(policy.header_rules, policy.mandatory_headers, policy, path);
  const headers = { ...merged.set, ...own };
  for (const name of merged.unset) delete headers[name];
  const cache2 = htmlCacheControl(headers["content-type"], headers["cache-control"]);
  if (cache2) headers["cache-control"] = cache2;
  return Object.assign(headers, merged.mandatory);
}
function withHeaderRules(answer, policy, path, head = false) {
  if (!(answer instanceof Response)) return finishDraft(answer, policy, path, head).response;
  const own = ownHeaders(answer);
  if (!own) return withRulesOnPairs(answer, policy, path, head);
  const headers = headersWithRules(own, policy, path);
  return new Response(head ? null : answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers
  });
}
function finishDraft(draft, policy, path, head = false, reference) {
  const headers = headersWithRules(draft.headers, policy, path);
  const sent = { status: draft.status, headers, body: head ? null : draft.body };
  if (draft.reference) sent.reference = true;
  const out = draft.reference && reference ? reference(sent) : sent;
  return { sent, response: new Response(out.body, { status: out.status, headers: out.headers }) };
}
function ownHeaders(response) {
  const headers = {};
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") return null;
    headers[name] = value;
  }
  return headers;
}
function withRulesOnPairs(response, policy, path, head) {
  const out = new Response(head ? null : response.body, response);
  const merged = mergedFor(policy.header_rules, policy.mandatory_headers, policy, path);
  for (const [name, value] of merged.map) {
    if (value === null) out.headers.delete(name);
    else if (!out.headers.has(name)) out.headers.set(name, value);
  }
  const cache2 = htmlCacheControl(
    out.headers.get("content-type") ?? void 0,
    out.headers.get("cache-control") ?? void 0
  );
  if (cache2) out.headers.set("cache-control", cache2);
  for (const [name, value] of Object.entries(merged.mandatory)) out.headers.set(name, value);
  return out;
}
function htmlCacheControl(type, cache2) {
  if (!type?.startsWith("text/html")) return null;
  if (!cache2) return "no-cache, no-transform";
  return /no-transform/i.test(cache2) ? null : `${cache2}, no-transform`;
}

// runtime/contract/content-types.ts
var CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json"
};
var DEFAULT_CONTENT_TYPE = "application/octet-stream";
function isHtmlPath(path) {
  return contentTypeOf(path).startsWith("text/html");
}
function contentTypeOf(path) {
  const dot = path.lastIndexOf(".");
  const ext = dot >= 0 && dot > path.lastIndexOf("/") ? path.slice(dot).toLowerCase() : "";
  return CONTENT_TYPES[ext] ?? DEFAULT_CONTENT_TYPE;
}
function isFontType(contentType) {
  return contentType.startsWith("font/");
}

// runtime/contract/files.ts
var REGISTRY_SCHEMA = "shortlinks.registry/2";
var SHARD_SCHEMA = "shortlinks.registry-shard/2";
var REGISTRY_FILTER_SCHEMA = "shortlinks.registry-filter/1";
var BLOCKLIST_SCHEMA = "shortlinks.blocklist/1";
var SITE_CONFIG_SCHEMA = "shortlinks.site-config/3";
var CUSTOM_ASSETS_SCHEMA = "shortlinks.custom-assets/1";
var STATS_INDEX_SCHEMA = "shortlinks.stats-index/2";
var STATS_PAGE_SCHEMA = "shortlinks.stats-page/1";
var TESTS_INDEX_SCHEMA = "shortlinks.tests-index/1";
var TESTS_PAGE_SCHEMA = "shortlinks.tests-page/1";
var PRIVATE_ASSETS = {
  registry: { path: "/links.json", schema: REGISTRY_SCHEMA },
  blocklist: { path: "/links-blocklist.json", schema: BLOCKLIST_SCHEMA },
  siteConfig: { path: "/links-site-config.json", schema: SITE_CONFIG_SCHEMA },
  customAssets: { path: "/links-custom-assets.json", schema: CUSTOM_ASSETS_SCHEMA }
};
var PRIVATE_FILES = Object.values(PRIVATE_ASSETS).map(
  (asset) => asset.path
);
var SHARD_DIR = "/links-shards/";
function shardPath(shard, dir = "") {
  return `${dir}${SHARD_DIR}${shard}.jsonl`;
}
var REGISTRY_FILTER = {
  path: `${SHARD_DIR}filter.bin`,
  schema: REGISTRY_FILTER_SCHEMA
};
var STATS_DIR = "/links-stats/";
var STATS_INDEX_PATH = `${STATS_DIR}index.json`;
function statsPagePath(page, dir = "") {
  return `${dir}${STATS_DIR}${page}.json`;
}
var TESTS_DIR = "/links-tests/";
var TESTS_INDEX_PATH = `${TESTS_DIR}index.json`;
function testsPagePath(page, dir = "") {
  return `${dir}${TESTS_DIR}${page}.json`;
}
var HOSTS_DIR = "/links-hosts/";
function hostDir(host) {
  return `${HOSTS_DIR}${host}`;
}
function testsDirOf(entry) {
  return entry.alias_of === void 0 ? entry.dir : hostDir(entry.host);
}
var PRIVATE_DIRS = [SHARD_DIR, STATS_DIR, TESTS_DIR, HOSTS_DIR];

// runtime/contract/forms.ts
var LANGUAGES = ["en", "fr", "es", "it", "de"];
var OPTIONAL_PAGES = ["home", "privacy", "terms", "abuse", "security"];
var LINK_STATES = ["active", "paused", "retired", "disabled", "draft"];
var STATE_PAGES = [
  "scheduled",
  "expired",
  "paused",
  "retired"
];

// runtime/contract/limits.ts
var MAX_SLUG_LENGTH = 200;
var QR_MAX_BYTES = 2331;
var LOOKUP_INPUT_MAX = 1024;
var STATS_PAGE_MAX_BYTES = 96 * 1024;
var STATS_INDEX_MAX_BYTES = 64 * 1024;
var STATS_DEFAULT_LIMIT = 200;
var STATS_MAX_LIMIT = 500;
var STATS_SEPARATOR_RESTART = 16;
var STATS_NAME_MAX = 100;
var TESTS_PAGE_MAX_BYTES = 64 * 1024;
var TESTS_DEFAULT_LIMIT = 10;
var TESTS_MAX_LIMIT = 10;

// runtime/contract/routes.ts
var DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
var ROUTE_CONDITION_KEYS = [
  "country",
  "continent",
  "region",
  "asn",
  "ip",
  "language",
  "device",
  "os",
  "browser",
  "bot",
  "query",
  "time",
  "after",
  "before",
  "not"
];

// runtime/routes.ts
var LOOKUP_ROUTES = {
  en: "/lookup",
  fr: "/fr/consultation",
  es: "/es/consulta",
  it: "/it/consulta",
  de: "/de/abfrage"
};
var LOOKUP_PAGE_URLS = { ...LOOKUP_ROUTES, en: "/en/lookup" };
var LOOKUP_RESOLVE_PATH = "/lookup/resolve";
var ANALYTICS_LOOKUP_PATH = "/_analytics/lookup";
var POST_PATHS = [LOOKUP_RESOLVE_PATH, ANALYTICS_LOOKUP_PATH];
var PAGES_DIR = "/_pages/";
var STATIC_DIR = "/assets/";
var PAGE_IDS = [
  ...OPTIONAL_PAGES,
  "lookup",
  "lookup-result",
  "not-found",
  "preview",
  ...STATE_PAGES,
  "stats",
  "tests"
];
function pageAssetPath(lang, page) {
  return `${PAGES_DIR}${lang}/${page}.html`;
}
var RESERVED_PREFIXES = [
  "_stats",
  "_tests",
  "api",
  "_worker",
  "_analytics",
  "_pages",
  "assets",
  ...PRIVATE_FILES.map((path) => path.slice(1)),
  ...PRIVATE_DIRS.map((dir) => dir.slice(1, -1)),
  "lookup",
  "robots.txt",
  "favicon.ico",
  "cdn-cgi",
  ...LANGUAGES.flatMap((lang) => [`${lang}/_stats`, `${lang}/_tests`]),
  ...Object.values(LOOKUP_ROUTES).map((route) => route.slice(1))
];
function isReservedKey(key2) {
  return RESERVED_PREFIXES.some((prefix) => key2 === prefix || key2.startsWith(prefix + "/"));
}

// runtime/registry/assets-below.ts
function assetsBelow(assets, dir) {
  if (dir === "") return assets;
  return {
    fetch(request) {
      const url = new URL(request.url);
      return assets.fetch(new Request(url.origin + dir + url.pathname));
    }
  };
}

// runtime/registry/read-assets.ts
var ASSET_ORIGIN = "https://assets.invalid";
async function readAsset(assets, path) {
  return assets.fetch(new Request(ASSET_ORIGIN + path));
}
async function readPrivate(assets, path) {
  const response = await readAsset(assets, path);
  if (!response.ok) throw new Error(`private file ${path}: HTTP ${response.status}`);
  return response;
}
async function readPrivateJson(assets, { path, schema }) {
  const value = await (await readPrivate(assets, path)).json();
  if (value?.schema !== schema) throw new Error(`private file ${path}: schema is not ${schema}`);
  return value;
}
async function readPrivateText(assets, path) {
  return (await readPrivate(assets, path)).text();
}
async function readPrivateBytes(assets, path) {
  return new Uint8Array(await (await readPrivate(assets, path)).arrayBuffer());
}
async function readPage(data, path) {
  const cached = data.pages.get(path);
  if (cached !== void 0) return cached;
  const response = await readAsset(data.assets, path);
  if (!response.ok) return null;
  const html = await response.text();
  data.pages.set(path, html);
  return html;
}

// runtime/lifecycle.ts
function effectiveState(link, now) {
  if (link.state !== "active") return link.state;
  const schedule = link.kind === "exact" ? link.schedule : void 0;
  if (!schedule) return "active";
  const t = now.getTime();
  if (schedule.start !== void 0 && t < Date.parse(schedule.start)) return "scheduled";
  if (schedule.end !== void 0 && t >= Date.parse(schedule.end)) return "expired";
  return "active";
}
var STATE_OUTCOMES = {
  active: { kind: "redirect" },
  scheduled: { kind: "page", page: "scheduled", status: 404 },
  expired: { kind: "page", page: "expired", status: 410 },
  paused: { kind: "page", page: "paused", status: 503 },
  retired: { kind: "page", page: "retired", status: 410 },
  disabled: { kind: "hidden" },
  draft: { kind: "hidden" }
};
function retryAfterSeconds(link, now) {
  const end = link.schedule?.end;
  if (link.state !== "paused" || end === void 0) return void 0;
  const seconds = Math.ceil((Date.parse(end) - now.getTime()) / 1e3);
  return seconds > 0 ? seconds : void 0;
}

// runtime/stats/cursor.ts
var MAX_CURSOR_LENGTH = 2048;
var TAG_BYTES = 16;
var SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/;
var utf8 = (text2) => new TextEncoder().encode(text2);
function base64url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64url(text2) {
  const binary = atob(text2.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
async function cursorKey(index) {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    utf8(`shortlinks stats cursor
${JSON.stringify(index)}`)
  );
  return crypto.subtle.importKey("raw", digest, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}
async function tagOf(payload, key2) {
  const mac = await crypto.subtle.sign("HMAC", key2, utf8(payload));
  return new Uint8Array(mac).slice(0, TAG_BYTES);
}
async function encodeCursor(cursor, key2) {
  const payload = base64url(utf8(JSON.stringify([cursor.query, cursor.from, cursor.total])));
  return `${payload}.${base64url(await tagOf(payload, key2))}`;
}
async function decodeCursor(text2, key2) {
  if (text2.length > MAX_CURSOR_LENGTH || !SHAPE.test(text2)) return null;
  const [payload, tag2] = text2.split(".");
  try {
    const expected = await tagOf(payload, key2);
    const given = fromBase64url(tag2);
    let differs = given.length ^ TAG_BYTES;
    for (let i = 0; i < TAG_BYTES; i++) differs |= expected[i] ^ (given[i] ?? 0);
    if (differs !== 0) return null;
    const value = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(payload))
    );
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [query, from, total] = value;
    if (!Array.isArray(query) || !query.every((part) => typeof part === "string")) return null;
    if (typeof from !== "string" || !Number.isSafeInteger(total) || total < 0)
      return null;
    return { query, from, total };
  } catch {
    return null;
  }
}
var sameQuery = (cursor, query) => cursor.query.length === query.length && cursor.query.every((part, i) => part === query[i]);

// runtime/normalize.ts
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
var ENCODED_SEPARATOR = /%(2f|5c)/i;
function normalizePath(rawPath, caseSensitive) {
  if (rawPath.includes("\\")) return { ok: false, reason: "backslash" };
  const segments = [];
  for (const raw of rawPath.split("/")) {
    if (raw === "") continue;
    let decoded = raw;
    if (raw.includes("%")) {
      if (ENCODED_SEPARATOR.test(raw)) return { ok: false, reason: "encoded-separator" };
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        return { ok: false, reason: "invalid-escape" };
      }
    }
    if (CONTROL.test(decoded)) return { ok: false, reason: "control-character" };
    if (decoded === "." || decoded === "..") return { ok: false, reason: "dot-segment" };
    segments.push(decoded.normalize("NFC"));
  }
  const joined = segments.join("/");
  return {
    ok: true,
    segments,
    path: "/" + joined,
    key: caseSensitive ? joined : foldCase(joined)
  };
}
function foldPathForGuards(rawPath) {
  const shape = shapeOf(rawPath);
  if (shape === FOLDED) return rawPath;
  if (shape === CASE_ONLY) return foldCase(rawPath);
  let decoded = rawPath;
  for (let i = 0; i < 3 && decoded.includes("%"); i++) {
    decoded = decoded.replace(
      /%([0-9a-f]{2})/gi,
      (_, hex) => String.fromCharCode(parseInt(hex, 16))
    );
  }
  const folded = foldCase(decoded.replace(/\\/g, "/").replace(/[\u0000-\u0020\u007f]+$/g, "")).split("/").filter((s) => s !== "" && s !== ".").join("/");
  return "/" + folded;
}
var FOLDED = 0;
var CASE_ONLY = 1;
var OTHER = 2;
function shapeOf(path) {
  const length = path.length;
  if (length < 2 || path.charCodeAt(0) !== SLASH) return OTHER;
  let folded = true;
  let before = SLASH;
  let last = SLASH;
  for (let i = 1; i < length; i++) {
    const code = path.charCodeAt(i);
    if (code === PERCENT || code === BACKSLASH) return OTHER;
    if (code === SLASH && (last === SLASH || last === DOT && before === SLASH)) return OTHER;
    if (code >= 128 || code >= 65 && code <= 90) folded = false;
    before = last;
    last = code;
  }
  if (last === SLASH || last === DOT && before === SLASH || last <= 32 || last === 127)
    return OTHER;
  return folded ? FOLDED : CASE_ONLY;
}
var SLASH = 47;
var DOT = 46;
var PERCENT = 37;
var BACKSLASH = 92;

// runtime/link-routes/describe.ts
function describeChoice(choice) {
  if (choice.index === null) return "no route held: the link's own target";
  const name = `route ${choice.index + 1}${choice.route?.id ? ` (${choice.route.id})` : ""}`;
  const held = choice.steps[choice.steps.length - 1].decided.map((d) => d.key);
  const why = held.length > 0 ? `${held.join(", ")} held` : "no condition";
  if (!choice.variant) return `${name}: ${why}`;
  const variant = choice.route?.split?.[choice.variant.index];
  const label = `variant ${choice.variant.index + 1}${variant?.id ? ` (${variant.id})` : ""}`;
  return `${name}: ${why}; split ${label} at draw ${choice.variant.draw.toFixed(4)}`;
}
function routeLabel(choice) {
  return choice.index === null ? "default" : choice.route?.id ?? String(choice.index + 1);
}
function variantLabel(choice) {
  if (!choice.variant) return void 0;
  return choice.route?.split?.[choice.variant.index]?.id ?? String(choice.variant.index + 1);
}
function routedBy(routes) {
  const keys = /* @__PURE__ */ new Set();
  const collect = (when) => {
    for (const key2 of Object.keys(when)) if (key2 !== "not") keys.add(key2);
    if (when.not) collect(when.not);
  };
  for (const route of routes) if (route.when) collect(route.when);
  const named = ROUTE_CONDITION_KEYS.filter((key2) => keys.has(key2));
  if (routes.some((route) => route.split)) named.push("split");
  return named;
}

// runtime/stats/rows.ts
var KIND_CODES = { exact: 0, splat: 1, placeholder: 2 };
var KIND_OF_CODE = ["exact", "splat", "placeholder"];
function cutText(text2, max) {
  if (text2.length <= max) return text2;
  const end = /[\uD800-\uDBFF]/.test(text2[max - 1]) ? max - 1 : max;
  return text2.slice(0, end);
}
var SURROGATE = /[\uD800-\uDFFF]/;
var nameOf = (name) => (
  // A short name without a surrogate has nothing to cut or replace (most owners and tags).
  name.length <= STATS_NAME_MAX && !SURROGATE.test(name) ? name : cutText(name, STATS_NAME_MAX).replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "�"
  )
);
var NOTHING_CUT = Object.freeze([]);

// runtime/placeholders.ts
var PLACEHOLDER_SEGMENT = /^:[A-Za-z][A-Za-z0-9_]*$/;
var NO_PLACEHOLDERS = {
  size: 0,
  byLength: /* @__PURE__ */ new Map(),
  splats: { byFirst: /* @__PURE__ */ new Map(), anyFirst: [] }
};
function placeholderKeyOf(slug, caseSensitive) {
  if (!slug.includes(":")) return null;
  const tail = slug.endsWith("/*") ? "/*" : slug.endsWith("/") ? "/" : "";
  const segments = slug.slice(0, slug.length - tail.length).split("/");
  if (!segments.some((segment) => PLACEHOLDER_SEGMENT.test(segment))) return null;
  const keyed = segments.map((segment) => {
    if (PLACEHOLDER_SEGMENT.test(segment)) return segment;
    const normal = normalizePath("/" + segment, caseSensitive);
    return normal.ok && normal.segments.length === 1 ? normal.key : segment;
  });
  return keyed.join("/") + tail;
}
function splitPlaceholderKey(key2) {
  if (key2.endsWith("/*")) return { segments: key2.slice(0, -2).split("/"), tail: "*" };
  if (key2.endsWith("/")) return { segments: key2.slice(0, -1).split("/"), tail: "/" };
  return { segments: key2.split("/"), tail: "" };
}
function patternOf(entry) {
  const [key2, params = {}] = entry;
  const { segments, tail } = splitPlaceholderKey(key2);
  let literals = 0;
  let constrained = 0;
  const compiled4 = segments.map((segment) => {
    if (!PLACEHOLDER_SEGMENT.test(segment)) {
      literals++;
      return segment;
    }
    const name = segment.slice(1);
    const rule = Object.hasOwn(params, name) ? params[name] : void 0;
    if (rule) constrained++;
    return rule ? { name, rule } : { name };
  });
  return { key: key2, segments: compiled4, tail, rank: [literals, constrained, tail === "*" ? 0 : 1] };
}
function comparePatterns(a, b) {
  for (let i = 0; i < 3; i++) if (a.rank[i] !== b.rank[i]) return b.rank[i] - a.rank[i];
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
function compilePlaceholders(entries) {
  if (entries.length === 0) return NO_PLACEHOLDERS;
  const patterns = entries.map(patternOf).sort(comparePatterns);
  const byLength = /* @__PURE__ */ new Map();
  const splats = { byFirst: /* @__PURE__ */ new Map(), anyFirst: [] };
  for (const pattern2 of patterns) {
    let bucket = splats;
    if (pattern2.tail !== "*") {
      const n = pattern2.segments.length;
      if (!byLength.has(n)) byLength.set(n, { byFirst: /* @__PURE__ */ new Map(), anyFirst: [] });
      bucket = byLength.get(n);
    }
    const first = pattern2.segments[0];
    if (typeof first !== "string") bucket.anyFirst.push(pattern2);
    else bucket.byFirst.set(first, [...bucket.byFirst.get(first) ?? [], pattern2]);
  }
  return { size: patterns.length, byLength, splats };
}
function matchPlaceholders(table2, path) {
  if (table2.size === 0 || path.keys.length === 0) return void 0;
  let best;
  for (const bucket of [table2.byLength.get(path.keys.length), table2.splats]) {
    if (!bucket) continue;
    for (const list of [bucket.byFirst.get(path.keys[0]), bucket.anyFirst]) {
      const found = firstMatch(list, path);
      if (found && (!best || comparePatterns(found, best) < 0)) best = found;
    }
  }
  if (!best) return void 0;
  const params = {};
  best.segments.forEach((segment, i) => {
    if (typeof segment !== "string") params[segment.name] = path.values[i];
  });
  return { key: best.key, params, depth: best.segments.length };
}
function firstMatch(patterns, path) {
  if (!patterns) return void 0;
  for (const pattern2 of patterns) if (fits(pattern2, path)) return pattern2;
  return void 0;
}
function fits(pattern2, path) {
  const n = path.keys.length;
  const p = pattern2.segments.length;
  if (pattern2.tail === "*") {
    if (n < p || n === p && path.strict && !path.trailingSlash) return false;
  } else if (pattern2.tail === "/" ? !path.trailingSlash : path.strict && path.trailingSlash)
    return false;
  for (let i = 0; i < p; i++) {
    const segment = pattern2.segments[i];
    if (typeof segment === "string") {
      if (segment !== path.keys[i]) return false;
    } else if (segment.rule && !meetsRule(path.values[i], segment.rule)) return false;
  }
  return true;
}
var DIGITS = /^[0-9]+$/;
function meetsRule(value, rule) {
  if (!DIGITS.test(value)) return false;
  if (rule.min !== void 0 && compareDigits(value, rule.min) < 0) return false;
  if (rule.max !== void 0 && compareDigits(value, rule.max) > 0) return false;
  return true;
}
function compareDigits(value, bound) {
  const digits = value.replace(/^0+(?=\d)/, "");
  const other = String(bound);
  if (digits.length !== other.length) return digits.length - other.length;
  return digits < other ? -1 : digits > other ? 1 : 0;
}

// runtime/stats/listings.ts
var ALL = "all";
var STARTS = "starts";
var ENDS = "ends";
function facetListing(facet, value) {
  const shown = facet === "owner" || facet === "tag" ? nameOf(value) : value;
  return `${facet}:${encodeURIComponent(shown)}`;
}
function rowFilter(listing) {
  const colon = listing.indexOf(":");
  const facet = listing.slice(0, colon);
  const value = decodeURIComponent(listing.slice(colon + 1));
  switch (facet) {
    case "state": {
      const state = LINK_STATES.indexOf(value);
      return (row) => row[4] === state;
    }
    case "kind": {
      const kind = Object.hasOwn(KIND_CODES, value) ? KIND_CODES[value] : -1;
      return (row) => row[1] === kind;
    }
    case "owner":
      return (row) => row[8] === value;
    case "tag":
      return (row) => Array.isArray(row[9]) && row[9].includes(value);
    default:
      return () => false;
  }
}
function sortKeyOf(slug, caseSensitive) {
  const pattern2 = placeholderKeyOf(slug, caseSensitive);
  if (pattern2 !== null) return pattern2;
  const splat = slug === "*" || slug.endsWith("/*");
  const slash = !splat && slug.length > 1 && slug.endsWith("/") ? "/" : "";
  const body = slug === "*" ? "" : splat ? slug.slice(0, -2) : slug;
  const normalized = normalizePath("/" + body, caseSensitive);
  return sortKeyOfKey(splat ? "splat" : "exact", (normalized.ok ? normalized.key : body) + slash);
}
function sortKeyOfKey(kind, key2) {
  if (kind !== "splat") return key2;
  return key2 === "" ? "*" : key2 + "/*";
}
function eventTime(iso) {
  return new Date(Date.parse(iso)).toISOString();
}
function innerKey(listing, row, caseSensitive) {
  const key2 = sortKeyOf(row[0], caseSensitive);
  if (listing !== STARTS && listing !== ENDS) return key2;
  const schedule = row[7] || void 0;
  const at = listing === STARTS ? schedule?.start : schedule?.end;
  return `${at === void 0 ? "" : eventTime(at)} ${key2}`;
}
var entryKey = (listing, inner) => `${listing} ${inner}`;
function normalizePrefix(prefix, caseSensitive) {
  if (/[\u0000-\u0020\u007f-\u009f\\?#]/.test(prefix)) return null;
  const trimmed = prefix.replace(/^\/+/, "").normalize("NFC");
  return caseSensitive ? trimmed : foldCase(trimmed);
}

// runtime/stats/params.ts
var MAX_FILTER_LENGTH = 1e3;
var ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
var fail2 = (error) => ({ ok: false, error });
var quoted = (name) => JSON.stringify(name.length > 40 ? name.slice(0, 40) + "…" : name);
function paramsOf(search, allowed) {
  const params = /* @__PURE__ */ new Map();
  for (const [name, value] of search) {
    if (!allowed.includes(name)) return fail2(`unknown parameter ${quoted(name)}`);
    if (params.has(name)) return fail2(`parameter ${quoted(name)} is given more than once`);
    params.set(name, value);
  }
  return { ok: true, value: params };
}
function limitOf(text2, fallback, max) {
  if (text2 === void 0) return { ok: true, value: fallback };
  const limit = /^\d{1,6}$/.test(text2) ? Number(text2) : NaN;
  if (!(limit >= 1 && limit <= max)) return fail2(`limit must be a whole number from 1 to ${max}`);
  return { ok: true, value: limit };
}
var NOT_OUR_CURSOR = "cursor is not one this API returned for this deployment: start again without it";
function cursorOf(text2) {
  if (text2 === void 0) return { ok: true, value: void 0 };
  return text2.length <= MAX_CURSOR_LENGTH ? { ok: true, value: text2 } : fail2(NOT_OUR_CURSOR);
}
var FACETS = ["state", "kind", "owner", "tag"];
function parseLinksQuery(search, caseSensitive, limits) {
  const params = paramsOf(search, ["prefix", "cursor", "limit", ...FACETS]);
  if (!params.ok) return params;
  const get = (name) => params.value.get(name);
  const limit = limitOf(get("limit"), limits.fallback, limits.max);
  if (!limit.ok) return limit;
  const cursor = cursorOf(get("cursor"));
  if (!cursor.ok) return cursor;
  const rawPrefix = get("prefix") ?? "";
  const prefix = rawPrefix.length <= MAX_SLUG_LENGTH + 2 ? normalizePrefix(rawPrefix, caseSensitive) : null;
  if (prefix === null)
    return fail2(`prefix must be the start of a slug (at most ${MAX_SLUG_LENGTH} characters)`);
  const filters = FACETS.filter((facet) => params.value.has(facet));
  if (filters.length > 1) return fail2(`filter by one of ${FACETS.join(", ")} at a time`);
  const listing = filters.length === 0 ? "all" : facetOf(filters[0], get(filters[0]) ?? "");
  if (listing === null) return fail2(`${filters[0]} has no such value`);
  return {
    ok: true,
    value: {
      listing,
      prefix,
      limit: limit.value,
      ...cursor.value ? { cursor: cursor.value } : {}
    }
  };
}
function facetOf(facet, value) {
  if (facet === "state" && !LINK_STATES.includes(value)) return null;
  if (facet === "kind" && !Object.hasOwn(KIND_CODES, value)) return null;
  if (value === "" || value.length > MAX_FILTER_LENGTH) return null;
  return facetListing(facet, facet === "state" ? value : value);
}
function parseEventsQuery(search, now, limits) {
  const params = paramsOf(search, ["type", "from", "cursor", "limit"]);
  if (!params.ok) return params;
  const get = (name) => params.value.get(name);
  const type = get("type") ?? "start";
  if (type !== "start" && type !== "end") return fail2("type must be start or end");
  const fromText = get("from");
  const from = fromText === void 0 ? now.getTime() : Date.parse(fromText);
  if (fromText !== void 0 && !(ISO_TIME.test(fromText) && Number.isFinite(from)))
    return fail2("from must be an ISO 8601 time with an offset, such as 2030-01-01T00:00:00Z");
  const limit = limitOf(get("limit"), limits.fallback, limits.max);
  if (!limit.ok) return limit;
  const cursor = cursorOf(get("cursor"));
  if (!cursor.ok) return cursor;
  return {
    ok: true,
    value: {
      listing: type === "start" ? STARTS : ENDS,
      from: new Date(from).toISOString(),
      fromGiven: fromText !== void 0,
      limit: limit.value,
      ...cursor.value ? { cursor: cursor.value } : {}
    }
  };
}

// runtime/stats/page-search.ts
function pageOf(index, key2) {
  return index.separators.pageOf(key2);
}
function listingOf(page, i) {
  const { groups } = page;
  let lo = 0;
  let hi = groups.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (groups[mid][1] <= i) lo = mid;
    else hi = mid - 1;
  }
  return groups[lo][0];
}
function keyAt(page, i, caseSensitive) {
  const listing = listingOf(page, i);
  return entryKey(listing, innerKey(listing, page.rows[i], caseSensitive));
}
function lowerBound(page, key2, caseSensitive) {
  let lo = 0;
  let hi = page.rows.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (keyAt(page, mid, caseSensitive) < key2) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// runtime/stats/scan.ts
var PAGE_READS = 2;
var RANGE_END = "￿";
var RangeReader = class {
  constructor(files, index) {
    this.files = files;
    this.index = index;
  }
  files;
  index;
  read = /* @__PURE__ */ new Map();
  /** A page, counted against the call's budget (a page read twice counts once). */
  async page(p) {
    const known = this.read.get(p);
    if (known) return known;
    if (this.read.size >= PAGE_READS) throw new Error("stats: page budget of the call exceeded");
    const page = await this.files.statsPage(p);
    this.read.set(p, page);
    return page;
  }
  get budgetLeft() {
    return PAGE_READS - this.read.size;
  }
  has(p) {
    return this.read.has(p);
  }
  /** Rows [start, end) of `page` that lie in `range`. */
  inRange(page, range, start = 0) {
    const cs = this.index.case_sensitive;
    const from = Math.max(start, lowerBound(page, range, cs));
    return [from, Math.max(from, lowerBound(page, range + RANGE_END, cs))];
  }
  /** The first page from `p` on whose first entry lies in `range` and that holds rows to keep. */
  nextPage(p, range, dense) {
    const { separators, empty } = this.index;
    for (; p < separators.length && separators.at(p).startsWith(range); p++)
      if (dense === void 0 || !empty[dense].has(p)) return p;
    return -1;
  }
  async slice(query) {
    const keep = query.dense === void 0 ? void 0 : rowFilter(this.index.dense[query.dense]);
    const cs = this.index.case_sensitive;
    const x = pageOf(this.index, query.from);
    const first = await this.page(x);
    const start = lowerBound(first, query.from, cs);
    const slice = {
      entries: [],
      next: null,
      page: x,
      rank: this.index.pages.starts[x] + start
    };
    let p = x;
    let page = first;
    let from = start;
    for (; ; ) {
      const [a, b] = this.inRange(page, query.range, from);
      for (let i = a; i < b; i++) {
        const row = page.rows[i];
        if (keep && !keep(row)) continue;
        slice.entries.push({ row, files: page.files });
        if (slice.entries.length === query.limit) {
          slice.next = i + 1 < b || this.nextPage(p + 1, query.range, query.dense) >= 0 ? keyAt(page, i, cs) + "\0" : null;
          return slice;
        }
      }
      if (b < page.rows.length) return slice;
      const q = this.nextPage(p + 1, query.range, query.dense);
      if (q < 0) return slice;
      if (!this.has(q) && this.budgetLeft === 0) {
        slice.next = this.index.separators.at(q);
        return slice;
      }
      p = q;
      page = await this.page(q);
      from = 0;
    }
  }
};
async function rangeTotal(reader, range, dense) {
  const { index } = reader;
  const x = pageOf(index, range);
  const page = await reader.page(x);
  if (page.spans.anchor.startsWith(range)) {
    const span = page.spans.counts.find((c) => c[0] === range.length);
    if (span) return dense === void 0 ? span[1] : span[2 + dense];
  }
  const keep = dense === void 0 ? void 0 : rowFilter(index.dense[dense]);
  const count = (p, [a, b]) => {
    if (!keep) return b - a;
    let n = 0;
    for (let i = a; i < b; i++) if (keep(p.rows[i])) n++;
    return n;
  };
  const here = reader.inRange(page, range);
  let total = count(page, here);
  const next = x + 1;
  const continues = here[1] === page.rows.length && next < index.separators.length;
  if (!continues || !index.separators.at(next).startsWith(range)) return total;
  if (dense !== void 0 && index.empty[dense].has(next)) return total;
  const following = await reader.page(next);
  total += count(following, reader.inRange(following, range));
  return total;
}
async function rankOf(reader, key2) {
  const p = pageOf(reader.index, key2);
  const page = await reader.page(p);
  return reader.index.pages.starts[p] + lowerBound(page, key2, reader.index.case_sensitive);
}

// runtime/stats/stats-api.ts
var LIMITS2 = { fallback: STATS_DEFAULT_LIMIT, max: STATS_MAX_LIMIT };
function recordOf(row, files, now) {
  const [
    slug,
    kind,
    target,
    status,
    state,
    file,
    line,
    schedule,
    owner,
    tags,
    description,
    routes,
    title,
    notes
  ] = row;
  const lifecycle = {
    kind: KIND_OF_CODE[kind],
    state: LINK_STATES[state],
    schedule: schedule || void 0
  };
  const record = {
    slug,
    kind: lifecycle.kind,
    target,
    status,
    state: lifecycle.state,
    effective_state: effectiveState(lifecycle, now)
  };
  if (schedule) record.schedule = schedule;
  if (owner) record.owner = owner;
  if (tags) record.tags = tags;
  if (typeof description === "string") record.description = description;
  if (routes)
    record.routes = routes.map(
      ([route, target2, variant]) => variant === void 0 ? { route, target: target2 } : { route, variant, target: target2 }
    );
  if (typeof title === "string") record.title = title;
  if (typeof notes === "string") record.notes = notes;
  record.file = files[file];
  record.line = line;
  return record;
}
var refused = (parsed) => ({
  status: 400,
  body: { error: parsed.error }
});
function cursorFits(cursor, range, from) {
  return cursor === void 0 || cursor.from.startsWith(range) && cursor.from >= from;
}
async function cursorIn(text2, index) {
  return text2 === void 0 ? void 0 : decodeCursor(text2, await index.cursorKey());
}
async function linksAnswer(files, search, now) {
  const index = await files.statsIndex();
  const parsed = parseLinksQuery(search, index.case_sensitive, LIMITS2);
  if (!parsed.ok) return refused(parsed);
  const { listing, prefix, limit } = parsed.value;
  const cursor = await cursorIn(parsed.value.cursor, index);
  if (cursor === null) return refused({ error: NOT_OUR_CURSOR });
  const query = ["links", listing, prefix];
  const slot = index.dense.indexOf(listing);
  const dense = slot >= 0 ? slot : void 0;
  const range = entryKey(dense === void 0 ? listing : ALL, prefix);
  if (cursor && !(sameQuery(cursor, query) && cursorFits(cursor, range, range)))
    return refused({ error: "cursor does not belong to this prefix and filter" });
  const reader = new RangeReader(files, index);
  const slice = await reader.slice({ range, from: cursor?.from ?? range, limit, dense });
  const total = cursor ? cursor.total : await rangeTotal(reader, range, dense);
  return {
    status: 200,
    body: {
      links: slice.entries.map((e) => recordOf(e.row, e.files, now)),
      next: slice.next === null ? null : await encodeCursor({ query, from: slice.next, total }, await index.cursorKey()),
      total
    }
  };
}
async function eventsAnswer(files, search, now) {
  const parsed = parseEventsQuery(search, now, LIMITS2);
  if (!parsed.ok) return refused(parsed);
  const { listing, fromGiven, limit } = parsed.value;
  const index = await files.statsIndex();
  const cursor = await cursorIn(parsed.value.cursor, index);
  if (cursor === null) return refused({ error: NOT_OUR_CURSOR });
  const from = cursor && !fromGiven ? cursor.query[2] ?? "" : parsed.value.from;
  const query = ["events", listing, from];
  const range = entryKey(listing, "");
  const start = entryKey(listing, from);
  if (cursor && !(sameQuery(cursor, query) && cursorFits(cursor, range, start)))
    return refused({ error: "cursor does not belong to this type and time" });
  const reader = new RangeReader(files, index);
  const slice = await reader.slice({ range, from: cursor?.from ?? start, limit });
  const end = (listing === STARTS ? index.events.starts : index.events.ends)[1];
  const total = cursor ? cursor.total : end - slice.rank;
  const bound = listing === STARTS ? "start" : "end";
  return {
    status: 200,
    body: {
      events: slice.entries.map((e) => {
        const link = recordOf(e.row, e.files, now);
        return { at: eventTime(link.schedule?.[bound] ?? ""), link };
      }),
      next: slice.next === null ? null : await encodeCursor({ query, from: slice.next, total }, await index.cursorKey()),
      total
    }
  };
}
async function summaryAnswer(files, search, now) {
  if ([...search.keys()].length > 0) return refused({ error: "summary.json takes no parameters" });
  const index = await files.statsIndex();
  const reader = new RangeReader(files, index);
  const at = now.toISOString();
  const passed = async ([first, end], listing) => first === end ? 0 : await rankOf(reader, entryKey(listing, at + "!")) - first;
  const started = await passed(index.events.starts, STARTS);
  const scheduled = index.events.starts[1] - index.events.starts[0] - started;
  const expired = await passed(index.events.ends, ENDS);
  return {
    status: 200,
    body: {
      at,
      links: index.links,
      states: index.states,
      kinds: index.kinds,
      effective: { active: index.states.active - scheduled - expired, scheduled, expired },
      owners: index.owners,
      tags: index.tags
    }
  };
}

// runtime/lru.ts
function remember(cache2, key2, value, limit) {
  cache2.delete(key2);
  cache2.set(key2, value);
  if (cache2.size > limit) cache2.delete(cache2.keys().next().value);
}

// runtime/stats/separators.ts
var Separators = class {
  constructor(coded) {
    this.coded = coded;
  }
  coded;
  get length() {
    return this.coded.length;
  }
  /** Separator `i`, decoded from the whole one that starts its run. */
  at(i) {
    const start = i - i % STATS_SEPARATOR_RESTART;
    let separator = this.coded[start][1];
    for (let j = start + 1; j <= i; j++)
      separator = separator.slice(0, this.coded[j][0]) + this.coded[j][1];
    return separator;
  }
  /** The last page whose separator sorts at or below `key` (page 0's is ""). */
  pageOf(key2) {
    const coded = this.coded;
    let lo = 0;
    let hi = Math.floor((coded.length - 1) / STATS_SEPARATOR_RESTART);
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (coded[mid * STATS_SEPARATOR_RESTART][1] <= key2) lo = mid;
      else hi = mid - 1;
    }
    let page = lo * STATS_SEPARATOR_RESTART;
    let separator = coded[page][1];
    for (let j = page + 1; j < coded.length && j < (lo + 1) * STATS_SEPARATOR_RESTART; j++) {
      separator = separator.slice(0, coded[j][0]) + coded[j][1];
      if (separator > key2) break;
      page = j;
    }
    return page;
  }
};

// runtime/stats/store.ts
var PAGE_CACHE_LIMIT = 4;
function loaded(index) {
  let key2;
  return {
    ...index,
    separators: new Separators(index.pages.first),
    empty: index.pages.empty.map((pages) => new Set(pages)),
    cursorKey: () => key2 ??= cursorKey(index)
  };
}
var OperatorFiles = class _OperatorFiles {
  /** `tests`: where the tests files are read, when not beside the stats files (an alias host's). */
  constructor(assets, testsAssets = assets) {
    this.assets = assets;
    this.testsAssets = testsAssets;
  }
  assets;
  testsAssets;
  index;
  tests;
  pages = /* @__PURE__ */ new Map();
  /** Files parsed already (the start-up warm-up's): served from memory, nothing read. */
  static preloaded(index, pages) {
    const files = new _OperatorFiles({
      fetch: () => Promise.reject(new Error("preloaded stats files read nothing"))
    });
    files.index = loaded(index);
    pages.forEach((page, p) => files.pages.set(p, page));
    return files;
  }
  async statsIndex() {
    this.index ??= loaded(
      await readPrivateJson(this.assets, {
        path: STATS_INDEX_PATH,
        schema: STATS_INDEX_SCHEMA
      })
    );
    return this.index;
  }
  async statsPage(page) {
    const cached = this.pages.get(page);
    if (cached) {
      remember(this.pages, page, cached, PAGE_CACHE_LIMIT);
      return cached;
    }
    const loaded3 = await readPrivateJson(this.assets, {
      path: statsPagePath(page),
      schema: STATS_PAGE_SCHEMA
    });
    remember(this.pages, page, loaded3, PAGE_CACHE_LIMIT);
    return loaded3;
  }
  async testsIndex() {
    this.tests ??= await readPrivateJson(this.testsAssets, {
      path: TESTS_INDEX_PATH,
      schema: TESTS_INDEX_SCHEMA
    });
    return this.tests;
  }
  testsPage(page) {
    return readPrivateJson(this.testsAssets, {
      path: testsPagePath(page),
      schema: TESTS_PAGE_SCHEMA
    });
  }
};

// runtime/link-routes/named-facts.ts
function namedRequest(origin, path, named, method = "GET") {
  const url = new URL(origin + path);
  for (const [key2, value] of Object.entries(named.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key2, one);
  const headers = {};
  if (named.lang !== void 0) headers["accept-language"] = named.lang;
  if (named.ua !== void 0) headers["user-agent"] = named.ua;
  if (named.ip !== void 0) headers["cf-connecting-ip"] = named.ip;
  const edge = {};
  const country = named.country ?? named.region?.split("-")[0];
  if (country !== void 0) edge.country = country.toUpperCase();
  if (named.continent !== void 0) edge.continent = named.continent.toUpperCase();
  if (named.region !== void 0) edge.region = named.region.toUpperCase();
  if (named.asn !== void 0) edge.asn = named.asn;
  if (named.timezone !== void 0) edge.timezone = named.timezone;
  const given = { edge };
  if (named.split_draw !== void 0) given.draw = named.split_draw;
  if (named.as !== void 0) given.as = { email: named.as };
  return { request: new Request(url, { method, headers }), given };
}

// runtime/expectations.ts
async function evaluateExpectations(expectations, origin, answer, now) {
  const results = [];
  for (const e of expectations) {
    const named = namedFactsOf(e);
    const { request, given } = namedRequest(origin, e.path, named);
    const response = await answer(request, e.at ? new Date(e.at) : now, given);
    const location = response.headers.get("location") ?? void 0;
    const actual = { status: response.status, ...location ? { location } : {} };
    const pass = actual.status === e.status && (e.location === void 0 || e.location === location);
    results.push({
      path: e.path,
      ...e.domain ? { domain: e.domain } : {},
      ...e.at ? { at: e.at } : {},
      ...Object.keys(named).length > 0 ? { facts: named } : {},
      expected: { status: e.status, ...e.location ? { location: e.location } : {} },
      actual,
      pass,
      file: e.file,
      line: e.line
    });
  }
  return results;
}
function namedFactsOf(e) {
  const {
    path: _p,
    at: _a,
    status: _s,
    location: _l,
    file: _f,
    line: _n,
    domain: _d,
    ...named
  } = e;
  return named;
}

// runtime/stats/tests-api.ts
async function resultsAnswer(files, search, run) {
  const params = paramsOf(search, ["cursor", "limit"]);
  if (!params.ok) return { status: 400, body: { error: params.error } };
  const limit = limitOf(params.value.get("limit"), TESTS_DEFAULT_LIMIT, TESTS_MAX_LIMIT);
  if (!limit.ok) return { status: 400, body: { error: limit.error } };
  const index = await files.testsIndex();
  const cursor = params.value.get("cursor");
  const start = cursor === void 0 ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : -1;
  if (start < 0 || start > index.total)
    return { status: 400, body: { error: "cursor is not one this API returned" } };
  let page = index.starts.length - 1;
  while (page > 0 && index.starts[page] > start) page--;
  const expectations = start === index.total ? [] : (await files.testsPage(page)).expectations.slice(
    start - index.starts[page],
    start - index.starts[page] + limit.value
  );
  const results = await evaluateExpectations(expectations, run.origin, run.answer, run.now);
  const end = start + results.length;
  return {
    status: 200,
    body: { results, start, next: end < index.total ? String(end) : null, total: index.total }
  };
}

// runtime/pages/escape.ts
var ENTITIES = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;"
};
function escapeHtml(value) {
  return value.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

// runtime/http/responses.ts
function plainText(status, body, extra = {}) {
  return {
    status,
    headers: { "cache-control": "no-store", ...extra, "content-type": "text/plain; charset=utf-8" },
    body
  };
}
function plainNotFound(deny) {
  return plainText(404, "Not found\n", deny ? { "x-deny-category": deny } : {});
}
function json(status, value, extra = {}) {
  const headers = new Headers(extra);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(value), { status, headers });
}
function jsonError(status, error) {
  return json(status, { error });
}
function htmlWithStatus(html, status, extra = {}) {
  if (html === null)
    return plainText(
      status === 200 ? 404 : status,
      status === 200 ? "Not found\n" : "Unavailable\n"
    );
  return {
    status,
    headers: { "cache-control": "no-store", ...extra, "content-type": "text/html; charset=utf-8" },
    body: html
  };
}
var REFERENCE_SLOT = "{{reference}}";
function notFoundPage(html, extra = {}) {
  return { ...htmlWithStatus(html, 404, extra), reference: true };
}
function withReference(sent, id) {
  return {
    status: sent.status,
    headers: { ...sent.headers, "x-correlation-id": id },
    body: sent.body === null ? null : sent.body.replaceAll(REFERENCE_SLOT, escapeHtml(id))
  };
}
function allowNullOrigin(response, request) {
  if (request.headers.get("origin") !== "null") return response;
  response.headers.set("access-control-allow-origin", "null");
  response.headers.append("vary", "Origin");
  return response;
}
function allowNullOriginFont(asset, file, request) {
  if (!isFontType(contentTypeOf(file))) return asset;
  const font = new Response(asset.body, asset);
  if (request.headers.get("origin") !== "null") {
    font.headers.append("vary", "Origin");
    return font;
  }
  return allowNullOrigin(font, request);
}
function languageHeaders(lang) {
  return { "content-language": lang, vary: "Accept-Language" };
}
function preflight(allow, endpoint, request) {
  const response = new Response(null, {
    status: 204,
    headers: { allow, "cache-control": "no-store" }
  });
  if (!endpoint || request.headers.get("origin") !== "null") return response;
  response.headers.set("access-control-allow-methods", "POST, OPTIONS");
  response.headers.set("access-control-allow-headers", "content-type");
  response.headers.set("access-control-max-age", "600");
  return allowNullOrigin(response, request);
}

// runtime/http/operator.ts
var PRIVATE = { "cache-control": "private, no-store" };
var operatorFiles = /* @__PURE__ */ new WeakMap();
function filesOf(data) {
  let files = operatorFiles.get(data);
  if (!files) {
    const { domain } = data;
    files = domain ? new OperatorFiles(
      assetsBelow(data.assets, domain.dir),
      assetsBelow(data.assets, testsDirOf(domain))
    ) : new OperatorFiles(data.assets);
    operatorFiles.set(data, files);
  }
  return files;
}
async function serveOperator(request, data, answer, now) {
  const { area, langTag, rest, search } = request;
  const lang = LANGUAGES.includes(langTag) ? langTag : data.site.default_lang;
  const sub = rest.replace(/^\/+|\/+$/g, "");
  if (sub === "")
    return htmlWithStatus(await readPage(data, pageAssetPath(lang, area)), 200, PRIVATE);
  const api = apiOf(area, sub);
  if (!api) return plainNotFound();
  const files = filesOf(data);
  let result;
  try {
    result = api === "results" ? await resultsAnswer(files, search, {
      origin: new URL(data.site.base_url).origin,
      answer,
      now
    }) : await API[api](files, search, now);
  } catch (error) {
    console.error(`shortlinks: ${area} API unavailable: ${String(error)}`);
    return json(503, { error: `the ${area} files cannot be read` }, PRIVATE);
  }
  return json(result.status, result.body, PRIVATE);
}
var API = { links: linksAnswer, events: eventsAnswer, summary: summaryAnswer };
function apiOf(area, sub) {
  if (area === "tests") return sub === "api/results.json" ? "results" : null;
  const match = /^api\/(links|events|summary)\.json$/.exec(sub);
  return match ? match[1] : null;
}

// node_modules/uqr/dist/index.mjs
var QrCodeDataType = /* @__PURE__ */ ((QrCodeDataType2) => {
  QrCodeDataType2[QrCodeDataType2["Border"] = -1] = "Border";
  QrCodeDataType2[QrCodeDataType2["Data"] = 0] = "Data";
  QrCodeDataType2[QrCodeDataType2["Function"] = 1] = "Function";
  QrCodeDataType2[QrCodeDataType2["Position"] = 2] = "Position";
  QrCodeDataType2[QrCodeDataType2["Timing"] = 3] = "Timing";
  QrCodeDataType2[QrCodeDataType2["Alignment"] = 4] = "Alignment";
  return QrCodeDataType2;
})(QrCodeDataType || {});
var LOW = [0, 1];
var MEDIUM = [1, 0];
var QUARTILE = [2, 3];
var HIGH = [3, 2];
var EccMap = {
  L: LOW,
  M: MEDIUM,
  Q: QUARTILE,
  H: HIGH
};
var NUMERIC_REGEX = /^\d*$/;
var ALPHANUMERIC_REGEX = /^[A-Z0-9 $%*+./:-]*$/;
var ALPHANUMERIC_CHARSET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
var MIN_VERSION = 1;
var MAX_VERSION = 40;
var PENALTY_N1 = 3;
var PENALTY_N2 = 3;
var PENALTY_N3 = 40;
var PENALTY_N4 = 10;
var ECC_CODEWORDS_PER_BLOCK = [
  // Version: (note that index 0 is for padding, and is set to an illegal value)
  // 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40    Error correction level
  [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  // Low
  [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  // Medium
  [-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  // Quartile
  [-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30]
  // High
];
var NUM_ERROR_CORRECTION_BLOCKS = [
  // Version: (note that index 0 is for padding, and is set to an illegal value)
  // 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40    Error correction level
  [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  // Low
  [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  // Medium
  [-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  // Quartile
  [-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81]
  // High
];
var QrCode = class {
  /* -- Constructor (low level) and fields -- */
  // Creates a new QR Code with the given version number,
  // error correction level, data codeword bytes, and mask number.
  // This is a low-level API that most users should not use directly.
  // A mid-level API is the encodeSegments() function.
  constructor(version, ecc, dataCodewords, msk) {
    this.version = version;
    this.ecc = ecc;
    if (version < MIN_VERSION || version > MAX_VERSION)
      throw new RangeError("Version value out of range");
    if (msk < -1 || msk > 7)
      throw new RangeError("Mask value out of range");
    this.size = version * 4 + 17;
    const row = Array.from({ length: this.size }).fill(false);
    for (let i = 0; i < this.size; i++) {
      this.modules.push(row.slice());
      this.types.push(row.map(() => 0));
    }
    this.drawFunctionPatterns();
    const allCodewords = this.addEccAndInterleave(dataCodewords);
    this.drawCodewords(allCodewords);
    if (msk === -1) {
      let minPenalty = 1e9;
      for (let i = 0; i < 8; i++) {
        this.applyMask(i);
        this.drawFormatBits(i);
        const penalty = this.getPenaltyScore();
        if (penalty < minPenalty) {
          msk = i;
          minPenalty = penalty;
        }
        this.applyMask(i);
      }
    }
    this.mask = msk;
    this.applyMask(msk);
    this.drawFormatBits(msk);
  }
  /* -- Fields -- */
  // The width and height of this QR Code, measured in modules, between
  // 21 and 177 (inclusive). This is equal to version * 4 + 17.
  size;
  // The index of the mask pattern used in this QR Code, which is between 0 and 7 (inclusive).
  // Even if a QR Code is created with automatic masking requested (mask = -1),
  // the resulting object still has a mask value between 0 and 7.
  mask;
  // The modules of this QR Code (false = light, true = dark).
  // Immutable after constructor finishes. Accessed through getModule().
  modules = [];
  types = [];
  /* -- Accessor methods -- */
  // Returns the color of the module (pixel) at the given coordinates, which is false
  // for light or true for dark. The top left corner has the coordinates (x=0, y=0).
  // If the given coordinates are out of bounds, then false (light) is returned.
  getModule(x, y) {
    return x >= 0 && x < this.size && y >= 0 && y < this.size && this.modules[y][x];
  }
  /* -- Private helper methods for constructor: Drawing function modules -- */
  // Reads this object's version field, and draws and marks all function modules.
  drawFunctionPatterns() {
    for (let i = 0; i < this.size; i++) {
      this.setFunctionModule(6, i, i % 2 === 0, QrCodeDataType.Timing);
      this.setFunctionModule(i, 6, i % 2 === 0, QrCodeDataType.Timing);
    }
    this.drawFinderPattern(3, 3);
    this.drawFinderPattern(this.size - 4, 3);
    this.drawFinderPattern(3, this.size - 4);
    const alignPatPos = this.getAlignmentPatternPositions();
    const numAlign = alignPatPos.length;
    for (let i = 0; i < numAlign; i++) {
      for (let j = 0; j < numAlign; j++) {
        if (!(i === 0 && j === 0 || i === 0 && j === numAlign - 1 || i === numAlign - 1 && j === 0))
          this.drawAlignmentPattern(alignPatPos[i], alignPatPos[j]);
      }
    }
    this.drawFormatBits(0);
    this.drawVersion();
  }
  // Draws two copies of the format bits (with its own error correction code)
  // based on the given mask and this object's error correction level field.
  drawFormatBits(mask) {
    const data = this.ecc[1] << 3 | mask;
    let rem = data;
    for (let i = 0; i < 10; i++)
      rem = rem << 1 ^ (rem >>> 9) * 1335;
    const bits = (data << 10 | rem) ^ 21522;
    for (let i = 0; i <= 5; i++)
      this.setFunctionModule(8, i, getBit(bits, i));
    this.setFunctionModule(8, 7, getBit(bits, 6));
    this.setFunctionModule(8, 8, getBit(bits, 7));
    this.setFunctionModule(7, 8, getBit(bits, 8));
    for (let i = 9; i < 15; i++)
      this.setFunctionModule(14 - i, 8, getBit(bits, i));
    for (let i = 0; i < 8; i++)
      this.setFunctionModule(this.size - 1 - i, 8, getBit(bits, i));
    for (let i = 8; i < 15; i++)
      this.setFunctionModule(8, this.size - 15 + i, getBit(bits, i));
    this.setFunctionModule(8, this.size - 8, true);
  }
  // Draws two copies of the version bits (with its own error correction code),
  // based on this object's version field, iff 7 <= version <= 40.
  drawVersion() {
    if (this.version < 7)
      return;
    let rem = this.version;
    for (let i = 0; i < 12; i++)
      rem = rem << 1 ^ (rem >>> 11) * 7973;
    const bits = this.version << 12 | rem;
    for (let i = 0; i < 18; i++) {
      const color = getBit(bits, i);
      const a = this.size - 11 + i % 3;
      const b = Math.floor(i / 3);
      this.setFunctionModule(a, b, color);
      this.setFunctionModule(b, a, color);
    }
  }
  // Draws a 9*9 finder pattern including the border separator,
  // with the center module at (x, y). Modules can be out of bounds.
  drawFinderPattern(x, y) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && xx < this.size && yy >= 0 && yy < this.size)
          this.setFunctionModule(xx, yy, dist !== 2 && dist !== 4, QrCodeDataType.Position);
      }
    }
  }
  // Draws a 5*5 alignment pattern, with the center module
  // at (x, y). All modules must be in bounds.
  drawAlignmentPattern(x, y) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        this.setFunctionModule(
          x + dx,
          y + dy,
          Math.max(Math.abs(dx), Math.abs(dy)) !== 1,
          QrCodeDataType.Alignment
        );
      }
    }
  }
  // Sets the color of a module and marks it as a function module.
  // Only used by the constructor. Coordinates must be in bounds.
  setFunctionModule(x, y, isDark, type = QrCodeDataType.Function) {
    this.modules[y][x] = isDark;
    this.types[y][x] = type;
  }
  /* -- Private helper methods for constructor: Codewords and masking -- */
  // Returns a new byte string representing the given data with the appropriate error correction
  // codewords appended to it, based on this object's version and error correction level.
  addEccAndInterleave(data) {
    const ver = this.version;
    const ecl = this.ecc;
    if (data.length !== getNumDataCodewords(ver, ecl))
      throw new RangeError("Invalid argument");
    const numBlocks = NUM_ERROR_CORRECTION_BLOCKS[ecl[0]][ver];
    const blockEccLen = ECC_CODEWORDS_PER_BLOCK[ecl[0]][ver];
    const rawCodewords = Math.floor(getNumRawDataModules(ver) / 8);
    const numShortBlocks = numBlocks - rawCodewords % numBlocks;
    const shortBlockLen = Math.floor(rawCodewords / numBlocks);
    const blocks = [];
    const rsDiv = reedSolomonComputeDivisor(blockEccLen);
    for (let i = 0, k = 0; i < numBlocks; i++) {
      const dat = data.slice(k, k + shortBlockLen - blockEccLen + (i < numShortBlocks ? 0 : 1));
      k += dat.length;
      const ecc = reedSolomonComputeRemainder(dat, rsDiv);
      if (i < numShortBlocks)
        dat.push(0);
      blocks.push(dat.concat(ecc));
    }
    const result = [];
    for (let i = 0; i < blocks[0].length; i++) {
      blocks.forEach((block, j) => {
        if (i !== shortBlockLen - blockEccLen || j >= numShortBlocks)
          result.push(block[i]);
      });
    }
    return result;
  }
  // Draws the given sequence of 8-bit codewords (data and error correction) onto the entire
  // data area of this QR Code. Function modules need to be marked off before this is called.
  drawCodewords(data) {
    if (data.length !== Math.floor(getNumRawDataModules(this.version) / 8))
      throw new RangeError("Invalid argument");
    let i = 0;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6)
        right = 5;
      for (let vert = 0; vert < this.size; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = (right + 1 & 2) === 0;
          const y = upward ? this.size - 1 - vert : vert;
          if (!this.types[y][x] && i < data.length * 8) {
            this.modules[y][x] = getBit(data[i >>> 3], 7 - (i & 7));
            i++;
          }
        }
      }
    }
  }
  // XORs the codeword modules in this QR Code with the given mask pattern.
  // The function modules must be marked and the codeword bits must be drawn
  // before masking. Due to the arithmetic of XOR, calling applyMask() with
  // the same mask value a second time will undo the mask. A final well-formed
  // QR Code needs exactly one (not zero, two, etc.) mask applied.
  applyMask(mask) {
    if (mask < 0 || mask > 7)
      throw new RangeError("Mask value out of range");
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        let invert;
        switch (mask) {
          case 0:
            invert = (x + y) % 2 === 0;
            break;
          case 1:
            invert = y % 2 === 0;
            break;
          case 2:
            invert = x % 3 === 0;
            break;
          case 3:
            invert = (x + y) % 3 === 0;
            break;
          case 4:
            invert = (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
            break;
          case 5:
            invert = x * y % 2 + x * y % 3 === 0;
            break;
          case 6:
            invert = (x * y % 2 + x * y % 3) % 2 === 0;
            break;
          case 7:
            invert = ((x + y) % 2 + x * y % 3) % 2 === 0;
            break;
          default:
            throw new Error("Unreachable");
        }
        if (!this.types[y][x] && invert)
          this.modules[y][x] = !this.modules[y][x];
      }
    }
  }
  // Calculates and returns the penalty score based on state of this QR Code's current modules.
  // This is used by the automatic mask choice algorithm to find the mask pattern that yields the lowest score.
  getPenaltyScore() {
    let result = 0;
    for (let y = 0; y < this.size; y++) {
      let runColor = false;
      let runX = 0;
      const runHistory = [0, 0, 0, 0, 0, 0, 0];
      for (let x = 0; x < this.size; x++) {
        if (this.modules[y][x] === runColor) {
          runX++;
          if (runX === 5)
            result += PENALTY_N1;
          else if (runX > 5)
            result++;
        } else {
          this.finderPenaltyAddHistory(runX, runHistory);
          if (!runColor)
            result += this.finderPenaltyCountPatterns(runHistory) * PENALTY_N3;
          runColor = this.modules[y][x];
          runX = 1;
        }
      }
      result += this.finderPenaltyTerminateAndCount(runColor, runX, runHistory) * PENALTY_N3;
    }
    for (let x = 0; x < this.size; x++) {
      let runColor = false;
      let runY = 0;
      const runHistory = [0, 0, 0, 0, 0, 0, 0];
      for (let y = 0; y < this.size; y++) {
        if (this.modules[y][x] === runColor) {
          runY++;
          if (runY === 5)
            result += PENALTY_N1;
          else if (runY > 5)
            result++;
        } else {
          this.finderPenaltyAddHistory(runY, runHistory);
          if (!runColor)
            result += this.finderPenaltyCountPatterns(runHistory) * PENALTY_N3;
          runColor = this.modules[y][x];
          runY = 1;
        }
      }
      result += this.finderPenaltyTerminateAndCount(runColor, runY, runHistory) * PENALTY_N3;
    }
    for (let y = 0; y < this.size - 1; y++) {
      for (let x = 0; x < this.size - 1; x++) {
        const color = this.modules[y][x];
        if (color === this.modules[y][x + 1] && color === this.modules[y + 1][x] && color === this.modules[y + 1][x + 1]) {
          result += PENALTY_N2;
        }
      }
    }
    let dark = 0;
    for (const row of this.modules)
      dark = row.reduce((sum, color) => sum + (color ? 1 : 0), dark);
    const total = this.size * this.size;
    const k = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
    result += k * PENALTY_N4;
    return result;
  }
  /* -- Private helper functions -- */
  // Returns an ascending list of positions of alignment patterns for this version number.
  // Each position is in the range [0,177), and are used on both the x and y axes.
  // This could be implemented as lookup table of 40 variable-length lists of integers.
  getAlignmentPatternPositions() {
    if (this.version === 1) {
      return [];
    } else {
      const numAlign = Math.floor(this.version / 7) + 2;
      const step = this.version === 32 ? 26 : Math.ceil((this.version * 4 + 4) / (numAlign * 2 - 2)) * 2;
      const result = [6];
      for (let pos = this.size - 7; result.length < numAlign; pos -= step)
        result.splice(1, 0, pos);
      return result;
    }
  }
  // Can only be called immediately after a light run is added, and
  // returns either 0, 1, or 2. A helper function for getPenaltyScore().
  finderPenaltyCountPatterns(runHistory) {
    const n = runHistory[1];
    const core = n > 0 && runHistory[2] === n && runHistory[3] === n * 3 && runHistory[4] === n && runHistory[5] === n;
    return (core && runHistory[0] >= n * 4 && runHistory[6] >= n ? 1 : 0) + (core && runHistory[6] >= n * 4 && runHistory[0] >= n ? 1 : 0);
  }
  // Must be called at the end of a line (row or column) of modules. A helper function for getPenaltyScore().
  finderPenaltyTerminateAndCount(currentRunColor, currentRunLength, runHistory) {
    if (currentRunColor) {
      this.finderPenaltyAddHistory(currentRunLength, runHistory);
      currentRunLength = 0;
    }
    currentRunLength += this.size;
    this.finderPenaltyAddHistory(currentRunLength, runHistory);
    return this.finderPenaltyCountPatterns(runHistory);
  }
  // Pushes the given value to the front and drops the last value. A helper function for getPenaltyScore().
  finderPenaltyAddHistory(currentRunLength, runHistory) {
    if (runHistory[0] === 0)
      currentRunLength += this.size;
    runHistory.pop();
    runHistory.unshift(currentRunLength);
  }
};
function appendBits(val, len, bb) {
  if (len < 0 || len > 31 || val >>> len !== 0)
    throw new RangeError("Value out of range");
  for (let i = len - 1; i >= 0; i--)
    bb.push(val >>> i & 1);
}
function getBit(x, i) {
  return (x >>> i & 1) !== 0;
}
var QrSegment = class {
  // Creates a new QR Code segment with the given attributes and data.
  // The character count (numChars) must agree with the mode and the bit buffer length,
  // but the constraint isn't checked. The given bit buffer is cloned and stored.
  constructor(mode, numChars, bitData) {
    this.mode = mode;
    this.numChars = numChars;
    this.bitData = bitData;
    if (numChars < 0)
      throw new RangeError("Invalid argument");
    this.bitData = bitData.slice();
  }
  /* -- Methods -- */
  // Returns a new copy of the data bits of this segment.
  getData() {
    return this.bitData.slice();
  }
};
var MODE_NUMERIC = [1, 10, 12, 14];
var MODE_ALPHANUMERIC = [2, 9, 11, 13];
var MODE_BYTE = [4, 8, 16, 16];
function numCharCountBits(mode, ver) {
  return mode[Math.floor((ver + 7) / 17) + 1];
}
function makeBytes(data) {
  const bb = [];
  for (const b of data)
    appendBits(b, 8, bb);
  return new QrSegment(MODE_BYTE, data.length, bb);
}
function makeNumeric(digits) {
  if (!isNumeric(digits))
    throw new RangeError("String contains non-numeric characters");
  const bb = [];
  for (let i = 0; i < digits.length; ) {
    const n = Math.min(digits.length - i, 3);
    appendBits(Number.parseInt(digits.substring(i, i + n), 10), n * 3 + 1, bb);
    i += n;
  }
  return new QrSegment(MODE_NUMERIC, digits.length, bb);
}
function makeAlphanumeric(text2) {
  if (!isAlphanumeric(text2))
    throw new RangeError("String contains unencodable characters in alphanumeric mode");
  const bb = [];
  let i;
  for (i = 0; i + 2 <= text2.length; i += 2) {
    let temp = ALPHANUMERIC_CHARSET.indexOf(text2.charAt(i)) * 45;
    temp += ALPHANUMERIC_CHARSET.indexOf(text2.charAt(i + 1));
    appendBits(temp, 11, bb);
  }
  if (i < text2.length)
    appendBits(ALPHANUMERIC_CHARSET.indexOf(text2.charAt(i)), 6, bb);
  return new QrSegment(MODE_ALPHANUMERIC, text2.length, bb);
}
function makeSegments(text2) {
  if (text2 === "")
    return [];
  else if (isNumeric(text2))
    return [makeNumeric(text2)];
  else if (isAlphanumeric(text2))
    return [makeAlphanumeric(text2)];
  else
    return [makeBytes(toUtf8ByteArray(text2))];
}
function isNumeric(text2) {
  return NUMERIC_REGEX.test(text2);
}
function isAlphanumeric(text2) {
  return ALPHANUMERIC_REGEX.test(text2);
}
function getTotalBits(segs, version) {
  let result = 0;
  for (const seg of segs) {
    const ccbits = numCharCountBits(seg.mode, version);
    if (seg.numChars >= 1 << ccbits)
      return Number.POSITIVE_INFINITY;
    result += 4 + ccbits + seg.bitData.length;
  }
  return result;
}
function toUtf8ByteArray(str) {
  str = encodeURI(str);
  const result = [];
  for (let i = 0; i < str.length; i++) {
    if (str.charAt(i) !== "%") {
      result.push(str.charCodeAt(i));
    } else {
      result.push(Number.parseInt(str.substring(i + 1, i + 3), 16));
      i += 2;
    }
  }
  return result;
}
function getNumRawDataModules(ver) {
  if (ver < MIN_VERSION || ver > MAX_VERSION)
    throw new RangeError("Version number out of range");
  let result = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const numAlign = Math.floor(ver / 7) + 2;
    result -= (25 * numAlign - 10) * numAlign - 55;
    if (ver >= 7)
      result -= 36;
  }
  return result;
}
function getNumDataCodewords(ver, ecl) {
  return Math.floor(getNumRawDataModules(ver) / 8) - ECC_CODEWORDS_PER_BLOCK[ecl[0]][ver] * NUM_ERROR_CORRECTION_BLOCKS[ecl[0]][ver];
}
function reedSolomonComputeDivisor(degree) {
  if (degree < 1 || degree > 255)
    throw new RangeError("Degree out of range");
  const result = [];
  for (let i = 0; i < degree - 1; i++)
    result.push(0);
  result.push(1);
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = reedSolomonMultiply(result[j], root);
      if (j + 1 < result.length)
        result[j] ^= result[j + 1];
    }
    root = reedSolomonMultiply(root, 2);
  }
  return result;
}
function reedSolomonComputeRemainder(data, divisor) {
  const result = divisor.map((_) => 0);
  for (const b of data) {
    const factor = b ^ result.shift();
    result.push(0);
    divisor.forEach((coef, i) => result[i] ^= reedSolomonMultiply(coef, factor));
  }
  return result;
}
function reedSolomonMultiply(x, y) {
  if (x >>> 8 !== 0 || y >>> 8 !== 0)
    throw new RangeError("Byte out of range");
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = z << 1 ^ (z >>> 7) * 285;
    z ^= (y >>> i & 1) * x;
  }
  return z;
}
function encodeSegments(segs, ecl, minVersion = 1, maxVersion = 40, mask = -1, boostEcl = true) {
  if (!(MIN_VERSION <= minVersion && minVersion <= maxVersion && maxVersion <= MAX_VERSION) || mask < -1 || mask > 7) {
    throw new RangeError("Invalid value");
  }
  let version;
  let dataUsedBits;
  for (version = minVersion; ; version++) {
    const dataCapacityBits2 = getNumDataCodewords(version, ecl) * 8;
    const usedBits = getTotalBits(segs, version);
    if (usedBits <= dataCapacityBits2) {
      dataUsedBits = usedBits;
      break;
    }
    if (version >= maxVersion)
      throw new RangeError("Data too long");
  }
  for (const newEcl of [MEDIUM, QUARTILE, HIGH]) {
    if (boostEcl && dataUsedBits <= getNumDataCodewords(version, newEcl) * 8)
      ecl = newEcl;
  }
  const bb = [];
  for (const seg of segs) {
    appendBits(seg.mode[0], 4, bb);
    appendBits(seg.numChars, numCharCountBits(seg.mode, version), bb);
    for (const b of seg.getData())
      bb.push(b);
  }
  const dataCapacityBits = getNumDataCodewords(version, ecl) * 8;
  appendBits(0, Math.min(4, dataCapacityBits - bb.length), bb);
  appendBits(0, (8 - bb.length % 8) % 8, bb);
  for (let padByte = 236; bb.length < dataCapacityBits; padByte ^= 236 ^ 17)
    appendBits(padByte, 8, bb);
  const dataCodewords = Array.from({ length: Math.ceil(bb.length / 8) }, () => 0);
  bb.forEach((b, i) => dataCodewords[i >>> 3] |= b << 7 - (i & 7));
  return new QrCode(version, ecl, dataCodewords, mask);
}
function encode2(data, options) {
  const {
    ecc = "L",
    boostEcc = false,
    minVersion = 1,
    maxVersion = 40,
    maskPattern = -1,
    border = 1
  } = options || {};
  const segment = typeof data === "string" ? makeSegments(data) : Array.isArray(data) ? [makeBytes(data)] : void 0;
  if (!segment)
    throw new Error(`uqr only supports encoding string and binary data, but got: ${typeof data}`);
  const qr = encodeSegments(
    segment,
    EccMap[ecc],
    minVersion,
    maxVersion,
    maskPattern,
    boostEcc
  );
  const result = addBorder({
    version: qr.version,
    maskPattern: qr.mask,
    size: qr.size,
    data: qr.modules,
    types: qr.types
  }, border);
  if (options?.invert)
    result.data = result.data.map((row) => row.map((mod) => !mod));
  options?.onEncoded?.(result);
  return result;
}
function addBorder(input, border = 1) {
  if (!border)
    return input;
  const { size } = input;
  const newSize = size + border * 2;
  input.size = newSize;
  input.data.forEach((row) => {
    for (let i = 0; i < border; i++) {
      row.unshift(false);
      row.push(false);
    }
  });
  for (let i = 0; i < border; i++) {
    input.data.unshift(Array.from({ length: newSize }, (_) => false));
    input.data.push(Array.from({ length: newSize }, (_) => false));
  }
  const b = QrCodeDataType.Border;
  input.types.forEach((row) => {
    for (let i = 0; i < border; i++) {
      row.unshift(b);
      row.push(b);
    }
  });
  for (let i = 0; i < border; i++) {
    input.types.unshift(Array.from({ length: newSize }, (_) => b));
    input.types.push(Array.from({ length: newSize }, (_) => b));
  }
  return input;
}

// runtime/targets/invisible.ts
var INVISIBLE_CLASS = "\\u{AD}\\u{34F}\\u{600}-\\u{605}\\u{61C}\\u{6DD}\\u{70F}\\u{890}-\\u{891}\\u{8E2}\\u{115F}-\\u{1160}\\u{17B4}-\\u{17B5}\\u{180B}-\\u{180F}\\u{200B}-\\u{200F}\\u{202A}-\\u{202E}\\u{2060}-\\u{206F}\\u{3164}\\u{FE00}-\\u{FE0F}\\u{FEFF}\\u{FFA0}\\u{FFF0}-\\u{FFFB}\\u{110BD}\\u{110CD}\\u{13430}-\\u{1343F}\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}";

// runtime/targets/rules.ts
var RULE_TITLES = {
  1: "only http: and https: targets",
  2: "no embedded credentials",
  3: "a hostname is required",
  4: "no control or invisible characters",
  5: "no other protocol",
  6: "no localhost, .localhost, .local or intranet names",
  7: "no private, loopback, reserved, multicast or documentation addresses",
  8: "no public shorteners",
  9: "no phishing-lure or blocked hosts",
  10: "no executable download extensions",
  11: "splat values are encoded segment by segment",
  12: "a splat must not shadow a dangerous parent path"
};
var TITLES = RULE_TITLES;
var ALLOWABLE_RULES = [6, 7];
function ruleCode(rule) {
  return `SL2${String(rule).padStart(2, "0")}`;
}
function ruleOfName(name) {
  const match = /^(?:SL2)?(\d{1,2})$/i.exec(name.trim());
  if (!match) return null;
  const rule = Number(match[1]);
  return TITLES[rule] !== void 0 ? rule : null;
}
function refuse2(rule, why, category) {
  return {
    ok: false,
    rule,
    code: ruleCode(rule),
    message: `rule ${rule} (${TITLES[rule]}): ${why}`,
    ...category ? { category } : {}
  };
}
var RULE_CATEGORIES = {
  8: "shortener-loop",
  10: "executable-download"
};
function denyCategory(failure) {
  return failure.category ?? RULE_CATEGORIES[failure.rule] ?? "unsafe-target";
}
var CONTROL2 = new RegExp(`[\\p{Cc}\\p{Zl}\\p{Zp}${INVISIBLE_CLASS}]`, "u");
function describeControl(text2) {
  const found = CONTROL2.exec(text2);
  if (!found) return "none";
  const hex = found[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
  return `U+${hex} at offset ${found.index}`;
}

// runtime/targets/splat.ts
var SPLAT_PLACEHOLDER = ":splat";
var AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]*[^/\\?#]*/i;
var TOKEN = /:splat|:([A-Za-z]\w*)/g;
function tokensOf(target, names) {
  const found = [];
  for (const match of target.matchAll(TOKEN)) {
    const name = match[1] ?? "splat";
    if (name === "splat" || names.has(name)) found.push({ at: match.index, text: match[0], name });
  }
  return found;
}
function templateProblem(target, names = []) {
  const found = tokensOf(target, new Set(names));
  if (found.length === 0) return null;
  const authority = AUTHORITY.exec(target);
  const bad = found.find((t) => !authority || t.at < authority[0].length);
  return bad ? `"${bad.text}" must be in the path, query or fragment, never in the scheme or host` : null;
}
function expandTarget(target, values) {
  const remainder = values.splat ?? [];
  const params = values.params ?? {};
  for (const [i, segment] of remainder.entries()) {
    const problem2 = valueProblem(segment);
    if (problem2) return refuse2(11, `splat segment ${i + 1} ${problem2}`);
  }
  const found = tokensOf(target, new Set(Object.keys(params)));
  for (const token of found) {
    const problem2 = token.name === "splat" ? null : valueProblem(params[token.name]);
    if (problem2) return refuse2(11, `placeholder :${token.name} ${problem2}`);
  }
  const problem = templateProblem(target, Object.keys(params));
  if (problem) return refuse2(11, problem);
  const slash = values.trailingSlash && remainder.length > 0 ? "/" : "";
  let url;
  let inPath;
  try {
    inPath = remainder.map(encodePathSegment).join("/") + slash;
    const inComponent = remainder.map(encodeURIComponent).join("/") + slash;
    url = fill(
      target,
      found,
      (token, path) => token.name === "splat" ? path ? inPath : inComponent : (path ? encodePathSegment : encodeURIComponent)(params[token.name])
    );
  } catch {
    return refuse2(11, "a value is not well-formed Unicode (lone surrogate)");
  }
  if (!values.append || found.some((t) => t.name === "splat") || inPath === "")
    return { ok: true, url };
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: true, url };
  }
  parsed.pathname = parsed.pathname.replace(/\/?$/, "/") + inPath;
  return { ok: true, url: parsed.href };
}
function valueProblem(value) {
  if (value === "." || value === "..") return `is a dot segment ("${value}")`;
  if (CONTROL2.test(value)) return `holds a control character (${describeControl(value)})`;
  return null;
}
var SEGMENT_LEGAL = /%(24|26|2B|2C|3A|3B|3D|40)/g;
function encodePathSegment(segment) {
  return UNESCAPED.test(segment) ? segment : escapedPathSegment(segment);
}
function escapedPathSegment(segment) {
  return encodeURIComponent(segment).replace(SEGMENT_LEGAL, (escape) => decodeURIComponent(escape));
}
var UNESCAPED = /^[A-Za-z0-9\-_.!~*'()]*$/;
function fill(target, found, value) {
  if (found.length === 0) return target;
  const hash = target.indexOf("#");
  const query = target.indexOf("?");
  const pathEnd = Math.min(
    hash === -1 ? target.length : hash,
    query === -1 ? target.length : query
  );
  let out = "";
  let from = 0;
  for (const token of found) {
    out += target.slice(from, token.at) + value(token, token.at < pathEnd);
    from = token.at + token.text.length;
  }
  return out + target.slice(from);
}
function pathEndOf(target) {
  const hash = target.indexOf("#");
  const query = target.indexOf("?");
  return Math.min(hash === -1 ? target.length : hash, query === -1 ? target.length : query);
}
function fillPlaceholder(target, placeholder, inPath, inComponent) {
  const pathEnd = pathEndOf(target);
  const parts = target.split(placeholder);
  let out = parts[0];
  let at = parts[0].length;
  for (const part of parts.slice(1)) {
    out += (at < pathEnd ? inPath : inComponent) + part;
    at += placeholder.length + part.length;
  }
  return out;
}

// runtime/pages/qr-svg.ts
var BORDER = 4;
function qrFits(text2) {
  return text2.length <= QR_MAX_BYTES && new TextEncoder().encode(text2).length <= QR_MAX_BYTES;
}
function qrSvg(text2, options = {}) {
  if (!qrFits(text2)) return null;
  const { data } = encode2(text2, { ecc: "M", border: BORDER });
  const n = data.length;
  let dark = "";
  data.forEach((row, y) => {
    for (let x = 0; x < n; x++) {
      if (!row[x]) continue;
      let w = 1;
      while (x + w < n && row[x + w]) w++;
      dark += `M${x} ${y}h${w}v1h-${w}z`;
      x += w - 1;
    }
  });
  const size = options.size ?? 192;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${size}" height="${size}" role="img" aria-label="QR code: ${escapeHtml(text2)}" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h${n}v${n}h-${n}z"/><path fill="#000" d="${dark}"/></svg>`;
}
function shortLinkUrl(baseUrl, slugOrInput) {
  let path = slugOrInput.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
    }
  }
  const segments = path.replace(/[?#].*$/, "").split("/").filter((s) => s !== "").map(encodeSegment);
  return `${baseUrl.replace(/\/+$/, "")}/${segments.join("/")}`;
}
function encodeSegment(segment) {
  for (const text2 of [segment, segment.replace(/%/g, "%25")])
    try {
      return encodePathSegment(decodeURIComponent(text2));
    } catch {
    }
  return encodePathSegment(segment.replace(/[\ud800-\udfff]/g, "�"));
}

// runtime/pages/lookup-result.ts
var LOOKUP_VARIANTS = ["found", "unavailable", "not-found", ...STATE_PAGES];
function safeTarget(target) {
  return target !== void 0 && /^https?:\/\//i.test(target) ? target : void 0;
}
function lookupVariant(result) {
  if (!result.found) return "not-found";
  const byState = STATE_PAGES.find((variant) => variant === result.state);
  if (byState) return byState;
  return safeTarget(result.target) ? "found" : "unavailable";
}
function slotValues(result, context) {
  const values = /* @__PURE__ */ new Map([
    ["slug", String(result.slug ?? "")],
    ["input", context.input ?? ""]
  ]);
  const target = safeTarget(result.target);
  if (target !== void 0) values.set("target", target);
  if (result.status !== void 0) values.set("status", String(result.status));
  if (result.schedule_label) values.set("schedule_label", String(result.schedule_label));
  if (Array.isArray(result.routed_by) && result.routed_by.length > 0)
    values.set("routed_by", result.routed_by.map(String).join(", "));
  if (typeof result.preview?.title === "string") values.set("preview_title", result.preview.title);
  if (typeof result.preview?.description === "string")
    values.set("preview_description", result.preview.description);
  if (result.kind) values.set("kind", String(result.kind));
  if (result.state) values.set("state", String(result.state));
  if (context.baseUrl && lookupVariant(result) === "found") {
    const asked = result.kind && result.kind !== "exact" ? context.input ?? "" : String(result.slug ?? "");
    const url = shortLinkUrl(context.baseUrl, asked);
    values.set("short_url", url);
    const qr = qrSvg(url);
    if (qr !== null) values.set("qr", qr);
  }
  return values;
}
var WHEN = /<!--when ([a-z|-]+)-->([\s\S]*?)<!--end when-->/g;
var IF = /<!--if ([a-z_]+)-->([\s\S]*?)<!--end if-->/g;
var SLOT = /\{\{([a-z_]+)\}\}/g;
function renderLookupResult(templateHtml, result, context = {}) {
  const variant = lookupVariant(result);
  const values = slotValues(result, context);
  return templateHtml.replace(
    WHEN,
    (_all, list, body) => list.split("|").includes(variant) ? body : ""
  ).replace(IF, (_all, name, body) => values.get(name) ? body : "").replace(
    SLOT,
    (_all, name) => name === "qr" ? values.get("qr") ?? "" : escapeHtml(values.get(name) ?? "")
  );
}
var INPUT_SLOT = "{{input}}";
function fillLookupInput(html, value) {
  return html.includes(INPUT_SLOT) ? html.replaceAll(INPUT_SLOT, escapeHtml(value)) : html;
}

// runtime/pages/preview-card.ts
var BLOCK = /<!--if (preview_description)-->([\s\S]*?)<!--end if-->/g;
var SLOT2 = /\{\{(preview_title|preview_description|target)\}\}/g;
function cardImageUrl(image, shortUrl) {
  return image.startsWith("/") ? new URL(image, shortUrl).href : image;
}
function cardTags(card) {
  const { title, description, image } = card.preview;
  const imageUrl = image === void 0 ? void 0 : cardImageUrl(image, card.shortUrl);
  const tags = [
    ["name", "description", description],
    ["property", "og:type", "website"],
    ["property", "og:url", card.shortUrl],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:image", imageUrl],
    ["name", "twitter:card", imageUrl ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", imageUrl]
  ];
  return tags.filter(([, , value]) => value !== void 0).map(([attr, name, value]) => `<meta ${attr}="${name}" content="${escapeHtml(value ?? "")}">`).join("\n");
}
function fillPreview(html, card) {
  const values = {
    preview_title: escapeHtml(card.preview.title),
    preview_description: escapeHtml(card.preview.description ?? ""),
    target: escapeHtml(card.target)
  };
  const filled = html.replace(
    BLOCK,
    (_all, _name, body) => card.preview.description === void 0 ? "" : body
  ).replace(SLOT2, (_slot, name) => values[name]);
  const head = filled.indexOf("</head>");
  const tags = cardTags(card) + "\n";
  return head < 0 ? tags + filled : filled.slice(0, head) + tags + filled.slice(head);
}

// runtime/pages/successor.ts
var BLOCK2 = /<!--if successor-->([\s\S]*?)<!--end if-->/g;
var SLOT3 = /\{\{(successor|successor_path)\}\}/g;
function fillSuccessor(html, successor) {
  if (successor === void 0) return html.replace(BLOCK2, "");
  const values = {
    successor: escapeHtml(successor.url),
    successor_path: escapeHtml(successor.path)
  };
  return html.replace(
    BLOCK2,
    (_all, body) => body.replace(SLOT3, (_slot, name) => values[name])
  );
}
function successorSlots(baseUrl, successor) {
  if (successor === void 0) return void 0;
  return { url: shortLinkUrl(baseUrl, successor), path: shortLinkUrl("", successor).slice(1) };
}

// runtime/guards.ts
var PRIVATE2 = new Set(PRIVATE_FILES);
function isPrivateFile(folded) {
  const below = folded + "/";
  return PRIVATE2.has(folded) || PRIVATE_DIRS.some((dir) => below.startsWith(dir)) || below.startsWith(PAGES_DIR);
}
function isProbe(folded, blocklist) {
  let matches = MATCHERS.get(blocklist.probes);
  if (!matches) MATCHERS.set(blocklist.probes, matches = probeMatcher(blocklist.probes));
  return matches(folded);
}
var MATCHERS = /* @__PURE__ */ new WeakMap();
function probeMatcher(probes) {
  const exact = new Set(probes.exact);
  const prefixes = indexBy(probes.prefixes, (p) => p.length >= 2 ? pairAt(p, 0) : void 0);
  const suffixes = indexBy(
    probes.suffixes,
    (s) => s.length >= 1 ? s.charCodeAt(s.length - 1) : void 0
  );
  const contains = containedIndex(probes.contains);
  return (folded) => exact.has(folded) || anyStarts(prefixes.always, folded) || folded.length >= 2 && anyStarts(prefixes.groups.get(pairAt(folded, 0)), folded) || anyEnds(suffixes.always, folded) || folded.length >= 1 && anyEnds(suffixes.groups.get(folded.charCodeAt(folded.length - 1)), folded) || contains(folded);
}
var pairAt = (text2, i) => text2.charCodeAt(i) * 65536 + text2.charCodeAt(i + 1);
function containedIndex(entries) {
  const { groups, always } = indexBy(
    entries,
    (c) => c.length >= 2 && c.charCodeAt(0) < 128 && c.charCodeAt(1) < 128 ? c.charCodeAt(0) * 128 + c.charCodeAt(1) : void 0
  );
  const pairs = new Uint8Array(16384);
  for (const pair of groups.keys()) pairs[pair] = 1;
  return (folded) => {
    for (const entry of always) if (folded.includes(entry)) return true;
    if (groups.size === 0) return false;
    let next = folded.charCodeAt(0);
    for (let i = 0; i + 1 < folded.length; i++) {
      const code = next;
      next = folded.charCodeAt(i + 1);
      if (code >= 128 || next >= 128 || pairs[code * 128 + next] === 0) continue;
      for (const entry of groups.get(code * 128 + next))
        if (folded.startsWith(entry, i)) return true;
    }
    return false;
  };
}
function indexBy(entries, keyOf) {
  const groups = /* @__PURE__ */ new Map();
  const always = [];
  for (const entry of entries) {
    const key2 = keyOf(entry);
    if (key2 === void 0) always.push(entry);
    else {
      const group = groups.get(key2);
      if (group) group.push(entry);
      else groups.set(key2, [entry]);
    }
  }
  return { groups, always };
}
function anyStarts(entries, folded) {
  if (entries) {
    for (const entry of entries) if (folded.startsWith(entry)) return true;
  }
  return false;
}
function anyEnds(entries, folded) {
  if (entries) {
    for (const entry of entries) if (folded.endsWith(entry)) return true;
  }
  return false;
}

// runtime/language.ts
var MAX_TAGS = 20;
function rankedLanguageTags(acceptLanguage) {
  if (!acceptLanguage) return [];
  if (!acceptLanguage.includes(";"))
    return acceptLanguage.toLowerCase().split(",", MAX_TAGS).map((tag2) => tag2.trim()).filter((tag2) => tag2 !== "");
  return acceptLanguage.split(",").slice(0, MAX_TAGS).map((part, index) => {
    const [tag2, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    return { tag: tag2.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
  }).filter((entry) => entry.weight > 0 && entry.tag !== "").sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.tag);
}
function chooseLanguage(acceptLanguage, fallback) {
  for (const tag2 of rankedLanguageTags(acceptLanguage)) {
    const primary = tag2.split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return fallback;
}

// runtime/page-routes.ts
var SECURITY_TXT_PATH = "/.well-known/security.txt";
var SECURITY_TXT_ALIASES = ["/security.txt", SECURITY_TXT_PATH];
var PAGE_NAMES = /* @__PURE__ */ new Map([
  ["index", "home"],
  ["lookup", "lookup"],
  ["privacy", "privacy"],
  ["terms", "terms"],
  ["abuse", "abuse"],
  ["trust-safety", "abuse"],
  ["security", "security"]
]);
function isLang(segment) {
  return LANGUAGES.includes(segment);
}
function pageRouteOf(lowerPath) {
  if (SECURITY_TXT_ALIASES.includes(lowerPath)) return { redirect: SECURITY_TXT_PATH };
  const segments = lowerPath.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) return { page: "home" };
  if (segments.length > 2) return void 0;
  const [first, second] = segments;
  if (second === void 0) {
    if (isLang(first)) return { page: "home", lang: first };
    const page2 = PAGE_NAMES.get(first);
    return page2 === void 0 || page2 === "lookup" ? void 0 : { page: page2 };
  }
  const page = PAGE_NAMES.get(second);
  return isLang(first) && page !== void 0 ? { page, lang: first } : void 0;
}
function isPagePublished(page, published) {
  return page === "lookup" || published.includes(page);
}

// runtime/slug.ts
var SLUG_CHARACTERS = /^[\p{L}\p{N}\p{M}_~.-]+$/u;
function isSlugSegment(segment) {
  return SLUG_CHARACTERS.test(segment) && !CONTROL2.test(segment);
}
var FILE_EXTENSION = /\.[a-z0-9]{1,8}$/i;
function isShortLinkCandidate(segments, key2) {
  if (segments.length === 0 || key2.length > MAX_SLUG_LENGTH) return false;
  if (!segments.every(isSlugSegment)) return false;
  if (FILE_EXTENSION.test(segments[segments.length - 1])) return false;
  return !isReservedKey(key2) && !("/" + key2 + "/").startsWith(STATIC_DIR);
}

// runtime/static-files.ts
function staticFileFor(path, files) {
  if (files.has(path)) return path;
  const bare = path.replace(/\/+$/, "");
  if (bare !== "" && files.has(`${bare}.html`)) return `${bare}.html`;
  if (files.has(`${bare}/index.html`)) return `${bare}/index.html`;
  return void 0;
}

// runtime/targets/hosts.ts
var LOOPBACK_NAMES = /* @__PURE__ */ new Set(["localhost"]);
var INTRANET_SUFFIXES = /* @__PURE__ */ new Set([
  "local",
  "internal",
  "intranet",
  "lan",
  "home.arpa",
  "localdomain",
  "corp",
  "home"
]);
function stripTrailingDots(host) {
  return host.endsWith(".") ? host.replace(/\.+$/, "") : host;
}
function matchHost(host, entries) {
  const name = stripTrailingDots(host);
  for (let at = 0; ; ) {
    const candidate = at === 0 ? name : name.slice(at);
    if (entries.has(candidate)) return candidate;
    const dot = name.indexOf(".", at);
    if (dot < 0) return void 0;
    at = dot + 1;
  }
}
function intranetName(host) {
  const name = stripTrailingDots(host);
  const loopback = matchHost(name, LOOPBACK_NAMES);
  if (loopback) return { name, why: `"${name}" is localhost or below it`, allowable: false };
  const suffix = matchHost(name, INTRANET_SUFFIXES);
  if (suffix) return { name, why: `"${name}" is an intranet name (.${suffix})`, allowable: true };
  if (!name.includes("."))
    return { name, why: `"${name}" is a single-label (intranet) name`, allowable: true };
  return null;
}

// runtime/targets/extensions.ts
function decodeLoosely(text2) {
  let out = text2;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(out); i++)
    out = out.replace(
      /%([0-9a-f]{2})/gi,
      (_, hex) => String.fromCharCode(parseInt(hex, 16))
    );
  return out;
}
function blockedExtension(pathname, extensions) {
  const decoded = decodeLoosely(pathname).toLowerCase();
  if (!extensions.some((ext) => decoded.includes(ext))) return null;
  for (const segment of decoded.split(/[/\\]/)) {
    const readings = [segment, segment.split(";")[0], segment.split("\0")[0]];
    for (const reading of readings) {
      const name = reading.replace(/[.\s]+$/, "");
      const extension = extensions.find((ext) => name.endsWith(ext));
      if (extension) return { extension, segment };
    }
  }
  return null;
}

// runtime/targets/ip.ts
function parseIPv4(host) {
  const parts = host.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length > 4) return null;
  const numbers = [];
  for (const part of parts) {
    const n = parseIPv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop();
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => value += n * 256 ** (3 - i));
  return [value >>> 24, value >>> 16 & 255, value >>> 8 & 255, value & 255];
}
function parseIPv4Number(part) {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) [digits, radix] = [part.slice(2), 16];
  else if (part.length > 1 && part[0] === "0") [digits, radix] = [part.slice(1), 8];
  if (digits === "") return part === "" ? null : 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  return valid.test(digits) ? parseInt(digits, radix) : null;
}
function parseIPv6(host) {
  let text2 = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text2);
  if (dotted) {
    const b = dotted.slice(2).map(Number);
    if (b.some((n) => n > 255)) return null;
    text2 = dotted[1] + (b[0] << 8 | b[1]).toString(16) + ":" + (b[2] << 8 | b[3]).toString(16);
  }
  const halves = text2.split("::");
  if (halves.length > 2) return null;
  const split = (s) => s === "" ? [] : s.split(":");
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array(missing).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}
var V4_TABLE = `0.0.0.0/8 this-network (unspecified)
10.0.0.0/8 private-use *
100.64.0.0/10 shared address space (CGNAT) *
127.0.0.0/8 loopback
169.254.0.0/16 link-local (cloud metadata)
172.16.0.0/12 private-use *
192.0.0.0/24 IETF protocol assignments
192.0.2.0/24 documentation (TEST-NET-1)
192.88.99.0/24 6to4 relay anycast (reserved)
192.168.0.0/16 private-use *
198.18.0.0/15 benchmarking
198.51.100.0/24 documentation (TEST-NET-2)
203.0.113.0/24 documentation (TEST-NET-3)
224.0.0.0/4 multicast
240.0.0.0/4 reserved
255.255.255.255/32 limited broadcast`;
var V6_TABLE = `::/128 unspecified
::1/128 loopback
::ffff:0:0/96 IPv4-mapped
::/96 IPv4-compatible (deprecated)
64:ff9b::/96 NAT64 (IPv4-embedded)
64:ff9b:1::/48 local-use NAT64
100::/64 discard-only
2001::/23 IETF protocol assignments (Teredo, ORCHID, benchmarking)
2001:db8::/32 documentation
2002::/16 6to4 (IPv4-embedded)
3fff::/20 documentation
5f00::/16 SRv6 SIDs
fc00::/7 unique-local *
fe80::/10 link-local
fec0::/10 site-local (deprecated)
ff00::/8 multicast`;
function compile(table2, parse2) {
  return table2.split("\n").map((line) => {
    const [cidr, ...rest] = line.split(" ");
    const allowable = rest[rest.length - 1] === "*";
    const [address, bits] = cidr.split("/");
    const name = (allowable ? rest.slice(0, -1) : rest).join(" ");
    return { cidr, name, allowable, bytes: parse2(address), bits: Number(bits) };
  });
}
var V4_RANGES = compile(V4_TABLE, parseIPv4);
var V6_RANGES = compile(V6_TABLE, parseIPv6);
var BLOCKED_RANGES = [...V4_RANGES, ...V6_RANGES].map(
  ({ cidr, name, allowable }) => ({ cidr, name, allowable })
);
function inRange(bytes, range) {
  return addressInRange(bytes, range.bytes, range.bits);
}
function addressInRange(bytes, base, bits) {
  if (bytes.length !== base.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = 255 << 8 - take & 255;
    if ((bytes[bit / 8] & mask) !== (base[bit / 8] & mask)) return false;
  }
  return true;
}
function classifyAddress(bytes) {
  const table2 = bytes.length === 4 ? V4_RANGES : V6_RANGES;
  let best = null;
  for (const range of table2)
    if (inRange(bytes, range) && (!best || range.bits > best.bits)) best = range;
  if (best) return { cidr: best.cidr, name: best.name, allowable: best.allowable };
  if (bytes.length === 16 && (bytes[0] & 224) !== 32)
    return { cidr: "outside 2000::/3", name: "reserved, not global unicast", allowable: false };
  return null;
}

// runtime/targets/metadata.ts
var METADATA_ENDPOINTS = [
  {
    host: "169.254.169.254",
    provider: "AWS, Google Cloud, Azure, Oracle Cloud, DigitalOcean, OpenStack, Hetzner, Linode, IBM Cloud"
  },
  { host: "fd00:ec2::254", provider: "AWS (instance metadata over IPv6)" },
  { host: "169.254.170.2", provider: "AWS ECS (task metadata and credentials)" },
  { host: "169.254.170.23", provider: "AWS EKS Pod Identity (credentials)" },
  { host: "fd00:ec2::23", provider: "AWS EKS Pod Identity (credentials over IPv6)" },
  { host: "fd20:ce::254", provider: "Google Cloud (metadata over IPv6)" },
  { host: "168.63.129.16", provider: "Azure (WireServer platform address)" },
  { host: "100.100.100.200", provider: "Alibaba Cloud" },
  { host: "192.0.0.192", provider: "Oracle Cloud (legacy metadata)" },
  { host: "fd00:c1::a9fe:a9fe", provider: "Oracle Cloud (metadata over IPv6)" },
  { host: "169.254.0.23", provider: "Tencent Cloud" },
  { host: "169.254.42.42", provider: "Scaleway" },
  { host: "fd00:42::42", provider: "Scaleway (metadata over IPv6)" },
  { host: "fd00:a9fe:a9fe::1", provider: "Akamai/Linode (metadata over IPv6)" },
  { host: "metadata.google.internal", provider: "Google Cloud" },
  { host: "metadata.goog", provider: "Google Cloud" },
  { host: "metadata", provider: "Google Cloud (short name)" },
  { host: "instance-data", provider: "AWS (short name)" },
  { host: "instance-data.ec2.internal", provider: "AWS" },
  { host: "api.metadata.cloud.ibm.com", provider: "IBM Cloud VPC" },
  { host: "metadata.tencentyun.com", provider: "Tencent Cloud" },
  { host: "metadata.packet.net", provider: "Equinix Metal" },
  { host: "metadata.platformequinix.com", provider: "Equinix Metal" },
  { host: "rancher-metadata", provider: "Rancher" }
];
var key = (bytes) => bytes.join(".");
var addressOf = (host) => parseIPv6(host) ?? (host.includes(":") ? null : parseIPv4(host));
var BY_ADDRESS = /* @__PURE__ */ new Map();
var BY_NAME = /* @__PURE__ */ new Map();
for (const endpoint of METADATA_ENDPOINTS) {
  const bytes = addressOf(endpoint.host);
  if (bytes) BY_ADDRESS.set(key(bytes), endpoint);
  else BY_NAME.set(endpoint.host, endpoint);
}
var NAMES = new Set(BY_NAME.keys());
function metadataAddress(bytes) {
  return BY_ADDRESS.get(key(bytes));
}
function metadataName(host) {
  const name = matchHost(stripTrailingDots(host), NAMES);
  return name === void 0 ? void 0 : BY_NAME.get(name);
}

// runtime/targets/keywords.ts
var KEYWORD_RULE = 13;
var KEYWORD_RULE_TITLE = "no blocked keywords in the destination";
var DECODE_ROUNDS = 3;
function decodeRepeatedly(text2) {
  let current = text2;
  for (let i = 0; i < DECODE_ROUNDS && current.includes("%"); i++) {
    let next;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}
function keywordText(url) {
  return decodeRepeatedly(url.hostname + url.pathname + url.search).toLowerCase();
}
var UNREADABLE = {
  keyword: "",
  category: "unsafe-target",
  reason: "the keyword list of /links-blocklist.json cannot be read"
};
function readable(entries) {
  return Array.isArray(entries) && entries.every(
    (e) => typeof e?.keyword === "string" && e.keyword !== "" && typeof e.category === "string"
  );
}
function blockedKeyword(url, entries) {
  if (entries === void 0) return void 0;
  if (!readable(entries)) return UNREADABLE;
  if (entries.length === 0) return void 0;
  const text2 = keywordText(url);
  return entries.find((entry) => text2.includes(entry.keyword));
}
function refuseKeyword(entry) {
  const why = entry.reason ? `: ${entry.reason}` : "";
  if (entry === UNREADABLE)
    return {
      ok: false,
      rule: KEYWORD_RULE,
      code: "SL230",
      category: entry.category,
      message: `rule ${KEYWORD_RULE} (${KEYWORD_RULE_TITLE})${why}`
    };
  return {
    ok: false,
    rule: KEYWORD_RULE,
    code: "SL230",
    category: entry.category,
    message: `rule ${KEYWORD_RULE} (${KEYWORD_RULE_TITLE}): the destination holds the blocked keyword "${entry.keyword}" (${entry.category})${why}`
  };
}

// runtime/targets/intranet.ts
function parseAddress(text2) {
  const bare = text2.startsWith("[") && text2.endsWith("]") ? text2.slice(1, -1) : text2;
  if (bare.includes(":")) return parseIPv6(`[${bare}]`);
  return /^[0-9.]+$/.test(bare) ? parseIPv4(bare) : null;
}
function parseTargetEntry(entry) {
  const text2 = entry.trim().toLowerCase();
  const slash = text2.indexOf("/");
  if (slash >= 0) {
    const bytes2 = parseAddress(text2.slice(0, slash));
    const bitsText = text2.slice(slash + 1);
    if (!bytes2 || !/^\d{1,3}$/.test(bitsText)) return null;
    const bits = Number(bitsText);
    return bits <= bytes2.length * 8 ? { kind: "range", bytes: bytes2, bits } : null;
  }
  const bytes = parseAddress(text2);
  if (bytes) return { kind: "range", bytes, bits: bytes.length * 8 };
  const host = stripTrailingDots(text2);
  return host === "" ? null : { kind: "name", host };
}
var compiled2 = /* @__PURE__ */ new WeakMap();
function intranetTargets(entries) {
  let targets = compiled2.get(entries);
  if (!targets) {
    const names = /* @__PURE__ */ new Set();
    const ranges = [];
    for (const entry of entries) {
      const parsed = parseTargetEntry(entry);
      if (parsed?.kind === "name") names.add(parsed.host);
      else if (parsed) ranges.push(parsed);
    }
    targets = { names, ranges };
    compiled2.set(entries, targets);
  }
  return targets;
}
function listedTarget(host, address, targets) {
  if (address) return targets.ranges.some((r) => addressInRange(address, r.bytes, r.bits));
  return matchHost(host, targets.names) !== void 0;
}

// runtime/targets/identity.ts
var USER_PLACEHOLDERS = ["{user.email}", "{user.local}"];
function hasUserPlaceholder(target) {
  return target.includes("{user.");
}
function fillUser(target, email) {
  if (email === void 0 || email === "") return { ok: false, why: "the token has no email" };
  const at = email.lastIndexOf("@");
  if (at <= 0) return { ok: false, why: "the token's email has no local part and domain" };
  if (CONTROL2.test(email)) return { ok: false, why: "the token's email holds a control character" };
  const values = {
    "{user.email}": email,
    "{user.local}": email.slice(0, at)
  };
  let url = target;
  for (const placeholder of USER_PLACEHOLDERS) {
    if (!url.includes(placeholder)) continue;
    const value = values[placeholder];
    if ((value === "." || value === "..") && url.indexOf(placeholder) < pathEndOf(url))
      return { ok: false, why: `${placeholder} would be a dot segment` };
    try {
      url = fillPlaceholder(url, placeholder, encodePathSegment(value), encodeURIComponent(value));
    } catch {
      return { ok: false, why: "the token's email is not well-formed Unicode" };
    }
  }
  return { ok: true, url };
}

// runtime/targets/index.ts
var lists = (entries) => new Set(entries.map((e) => stripTrailingDots(e.toLowerCase())));
var POLICY_CACHE = /* @__PURE__ */ new WeakMap();
function setsOf(policy) {
  let sets = POLICY_CACHE.get(policy);
  if (!sets) {
    sets = {
      shorteners: lists(policy.shorteners),
      lures: lists(policy.lure_domains),
      blocked: lists(policy.blocked_hosts),
      extensions: policy.blocked_extensions.map((e) => e.toLowerCase())
    };
    POLICY_CACHE.set(policy, sets);
  }
  return sets;
}
var NO_RULES = /* @__PURE__ */ new Set();
function openedRules(allow) {
  if (!allow || typeof allow.reason !== "string" || allow.reason.trim() === "") return NO_RULES;
  const opened = /* @__PURE__ */ new Set();
  for (const name of allow.rules ?? []) {
    const rule = ruleOfName(String(name));
    if (rule !== null && ALLOWABLE_RULES.includes(rule)) opened.add(rule);
  }
  return opened;
}
var SCHEME = /^[\s]*([a-z][a-z0-9+.-]*):/i;
var RAW_AUTHORITY = /^\s*[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i;
function parse(target) {
  try {
    return new URL(target);
  } catch {
    const scheme = SCHEME.exec(target)?.[1].toLowerCase();
    if (scheme === "http" || scheme === "https")
      return refuse2(
        3,
        "the URL has no valid host (empty or malformed host, zone id, out-of-range address or port)"
      );
    if (scheme) return refuse2(5, `protocol "${scheme}:" is not allowed; use http: or https:`);
    return refuse2(1, "the target is not an absolute http(s) URL (relative or scheme-relative)");
  }
}
function checkTarget(target, policy, allow, intranet, memo) {
  let url = memo?.parse(target);
  if (url === void 0) {
    if (CONTROL2.test(target))
      return refuse2(
        4,
        `the target holds a control or invisible character (${describeControl(target)})`
      );
    const parsed = parse(target);
    if (!(parsed instanceof URL)) return parsed;
    url = parsed;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse2(5, `protocol "${url.protocol}" is not allowed; use http: or https:`);
  if (url.username !== "" || url.password !== "" || target.includes("@") && RAW_AUTHORITY.exec(target)?.[1].includes("@"))
    return refuse2(2, "the URL carries userinfo (user:password@) before the host");
  const host = url.hostname;
  if (stripTrailingDots(host) === "") return refuse2(3, "the URL has no hostname");
  const opened = openedRules(allow);
  const used = [];
  const sets = setsOf(policy);
  const hosts = opened.size === 0 && intranet === void 0 ? memo?.hosts : void 0;
  let refused2 = hosts?.get(host);
  if (refused2 === void 0) {
    refused2 = hostRefusal(host, sets, opened, intranet, used) ?? null;
    hosts?.set(host, refused2);
  }
  if (refused2) return refused2;
  const executable = blockedExtension(url.pathname, sets.extensions);
  if (executable)
    return refuse2(
      10,
      `path segment "${executable.segment}" ends in ${executable.extension}, an executable download`
    );
  const keyword = blockedKeyword(url, policy.blocked_keywords);
  if (keyword) return refuseKeyword(keyword);
  return used.length ? { ok: true, url: url.href, allowed: used.map(ruleCode) } : { ok: true, url: url.href };
}
function hostRefusal(host, sets, opened, intranet, used) {
  const address = host.startsWith("[") ? parseIPv6(host) : parseIPv4(host);
  const metadata = address ? metadataAddress(address) : metadataName(host);
  if (metadata)
    return refuse2(
      address ? 7 : 6,
      `${host} is a cloud metadata endpoint (${metadata.provider}); no allowance opens it`
    );
  const listed = intranet !== void 0 && listedTarget(host, address, intranet);
  if (address) {
    const range = classifyAddress(address);
    if (range && !(range.allowable && (listed || opened.has(7))))
      return refuse2(7, `${host}: ${range.name} (${range.cidr})`);
    if (range && !listed) used.push(7);
  } else {
    const name = intranetName(host);
    if (name && !(name.allowable && (listed || opened.has(6)))) return refuse2(6, name.why);
    if (name && !listed) used.push(6);
  }
  const shortener = matchHost(host, sets.shorteners);
  if (shortener)
    return refuse2(8, `${host} is a public shortener (${shortener}) that hides the destination`);
  const lure = matchHost(host, sets.lures);
  if (lure) return refuse2(9, `${host} is a known phishing-lure domain (${lure})`, "phishing");
  const blocked = matchHost(host, sets.blocked);
  if (blocked) return refuse2(9, `${host} is a blocked host (${blocked})`, "blocked");
  return void 0;
}

// runtime/location.ts
function buildLocation(link, captured, search, policy, target = link.target, zoned) {
  if (link.kind !== "exact") {
    const drop = dropsRemainder(target === link.target ? link : { ...link, target });
    const expanded = expandTarget(target, {
      splat: drop ? [] : captured.remainder,
      params: captured.params,
      append: true,
      trailingSlash: captured.trailingSlash
    });
    if (!expanded.ok) return { ...expanded, category: denyCategory(expanded) };
    target = expanded.url;
  }
  if (zoned && hasUserPlaceholder(target)) {
    const filled = fillUser(target, zoned.email);
    if (!filled.ok)
      return { ok: false, code: "identity", message: filled.why, category: "identity" };
    target = filled.url;
  }
  if (link.forward_query && search.length > 1) target = forwardQuery(target, search);
  const intranet = zoned?.zone.allow_targets && intranetTargets(zoned.zone.allow_targets);
  const verdict = judge(
    target,
    policy,
    link.allow,
    intranet && { zone: zoned.zone.name, intranet }
  );
  return verdict.ok ? { ok: true, url: verdict.url } : { ...verdict, category: denyCategory(verdict) };
}
function dropsRemainder(link) {
  return link.kind !== "exact" && link.remainder === "drop" && !link.target.includes(SPLAT_PLACEHOLDER);
}
var VERDICT_MEMO_LIMIT = 4096;
var verdicts = /* @__PURE__ */ new WeakMap();
function judge(target, policy, allow, zone) {
  let memo = verdicts.get(policy);
  if (!memo) verdicts.set(policy, memo = /* @__PURE__ */ new Map());
  const key2 = `${allow ? allow.rules.join(",") : ""}
${zone ? zone.zone : ""}
${target}`;
  const verdict = memo.get(key2) ?? checkTarget(target, policy, allow, zone?.intranet);
  remember(memo, key2, verdict, VERDICT_MEMO_LIMIT);
  return verdict;
}
function forwardQuery(target, search) {
  let url;
  try {
    url = new URL(target);
  } catch {
    return target;
  }
  const own = new Set(url.searchParams.keys());
  const extra = search.slice(1).split("&").filter((pair) => pair !== "" && !own.has(decodeKey(pair)));
  if (extra.length === 0) return url.href;
  url.search = (url.search ? url.search.slice(1) + "&" : "") + extra.join("&");
  return url.href;
}
function decodeKey(pair) {
  const raw = pair.split("=")[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// runtime/access/zones.ts
function zoneOfKey(key2, zones2) {
  if (zones2.length === 0) return void 0;
  const folded = foldCase(key2);
  let best;
  for (const zone of zones2) {
    const inside = folded === zone.prefix || folded.length > zone.prefix.length && folded.startsWith(zone.prefix) && folded[zone.prefix.length] === "/";
    if (inside && (!best || zone.prefix.length > best.prefix.length)) best = zone;
  }
  return best;
}
function zoneOfPath(pathname, zones2) {
  if (!zones2 || zones2.length === 0) return void 0;
  const normal = normalizePath(pathname, true);
  return normal.ok ? zoneOfKey(normal.key, zones2) : void 0;
}

// runtime/private-links.ts
function userAllowed(allow, email) {
  if (email === void 0) return false;
  const address = email.toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return false;
  if (allow.emails?.includes(address)) return true;
  return allow.email_domains?.includes(address.slice(at + 1)) ?? false;
}
function privateRefusal(link, zone, identity) {
  const name = zone?.name;
  if (link.zone !== name)
    return link.zone === void 0 ? `public ${link.kind} link ${link.slug} does not answer inside zone ${name}` : `${link.kind} link ${link.slug} belongs to zone ${link.zone}`;
  if (link.allow_users && !userAllowed(link.allow_users, identity?.email))
    return `${identity?.email === void 0 ? "a token without email" : "this email"} is not on the allow list of ${link.slug}`;
  return null;
}

// runtime/link-routes/cidr.ts
var DOTTED = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;
function parseAddress2(text2) {
  const dotted = DOTTED.exec(text2);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    return bytes.every((b) => b <= 255) ? bytes : null;
  }
  if (!text2.includes(":") || text2.includes("[")) return null;
  const v6 = parseIPv6(text2);
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 255 && v6[11] === 255;
  return mapped ? v6.slice(12) : v6;
}
function parseCidr(text2) {
  const slash = text2.indexOf("/");
  const written = slash < 0 ? text2 : text2.slice(0, slash);
  const address = parseAddress2(written);
  if (!address) return "not an IPv4 or IPv6 address";
  const mapped = address.length === 4 && written.includes(":") ? 96 : 0;
  const max = address.length * 8 + mapped;
  const bitsText = slash < 0 ? String(max) : text2.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(bitsText) || Number(bitsText) > max || Number(bitsText) < mapped)
    return `the prefix length must be ${mapped} to ${max}`;
  const bits = Number(bitsText) - mapped;
  const masked = address.map((byte, i) => byte & maskByte(bits, i));
  if (masked.some((byte, i) => byte !== address[i]))
    return `host bits are set (the block is ${formatCidr({ bytes: masked, bits })})`;
  return { bytes: address, bits };
}
function maskByte(bits, index) {
  const left = bits - index * 8;
  return left >= 8 ? 255 : left <= 0 ? 0 : 255 << 8 - left & 255;
}
function inCidr(address, cidr) {
  if (address.length !== cidr.bytes.length) return false;
  for (let i = 0; i * 8 < cidr.bits; i++)
    if ((address[i] & maskByte(cidr.bits, i)) !== cidr.bytes[i]) return false;
  return true;
}
function formatCidr(cidr) {
  return `${formatAddress(cidr.bytes)}/${cidr.bits}`;
}
function formatAddress(bytes) {
  if (bytes.length === 4) return bytes.join(".");
  const groups = Array.from({ length: 8 }, (_, i) => bytes[2 * i] << 8 | bytes[2 * i + 1]);
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(":");
  const head = hex.slice(0, best.at).join(":");
  const tail = hex.slice(best.at + best.length).join(":");
  return `${head}::${tail}`;
}

// runtime/link-routes/language.ts
function coversTag(value, tag2) {
  return tag2 === value || tag2.startsWith(value) && tag2.charCodeAt(value.length) === 45;
}
function visitorLanguage(tags, values) {
  for (const tag2 of tags) for (const value of values) if (coversTag(value, tag2)) return tag2;
  return null;
}

// runtime/link-routes/time-window.ts
function compileWindow(window) {
  let days = 0;
  for (const day of window.days) days |= 1 << DAY_NAMES.indexOf(day);
  return { days, from: minutesOf(window.from), to: minutesOf(window.to), tz: window.tz };
}
function minutesOf(text2) {
  return Number(text2.slice(0, 2)) * 60 + Number(text2.slice(3, 5));
}
function inWindow(window, local) {
  const today = window.days >> local.day & 1;
  if (window.from < window.to)
    return today === 1 && local.minute >= window.from && local.minute < window.to;
  const yesterday = window.days >> (local.day + 6) % 7 & 1;
  return today === 1 && local.minute >= window.from || yesterday === 1 && local.minute < window.to;
}
var MINUTE = 6e4;
var DAY = 864e5;
var ZONE_LIMIT = 512;
var zones = /* @__PURE__ */ new Map();
function localTime(tz, at) {
  const zone = zoneOf(tz);
  if (!zone) return void 0;
  const minute = Math.floor(at / MINUTE);
  if (zone.minute !== minute) {
    zone.offset = wallClock(zone.format, minute * MINUTE) - minute * MINUTE;
    zone.minute = minute;
  }
  const local = at + zone.offset;
  const days = Math.floor(local / DAY);
  return { day: ((days + 4) % 7 + 7) % 7, minute: Math.floor((local - days * DAY) / MINUTE) };
}
function zoneOf(tz) {
  let zone = zones.get(tz);
  if (zone === void 0) {
    zone = makeZone(tz);
    remember(zones, tz, zone, ZONE_LIMIT);
  }
  return zone;
}
function zoneFormat(tz) {
  if (/^[+\-\u2212]/.test(tz)) throw new RangeError(`not an IANA time zone: ${tz}`);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric"
  });
}
function makeZone(tz) {
  try {
    return { format: zoneFormat(tz), minute: Number.NaN, offset: 0 };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
function wallClock(format, at) {
  const parts = {};
  for (const part of format.formatToParts(at))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

// runtime/link-routes/conditions.ts
function compileWhen(when, languages) {
  return Object.entries(when).map(([key2, value]) => ({
    key: key2,
    test: testOf(key2, value, languages)
  }));
}
function evaluate(conditions, facts) {
  let unknown;
  const held = [];
  for (const { key: key2, test } of conditions) {
    const result = test(facts);
    const decision = typeof result === "object" ? { key: key2, truth: result.truth, inner: result.decided } : { key: key2, truth: result };
    if (decision.truth === false) return { truth: false, decided: [decision] };
    if (decision.truth === void 0) unknown ??= decision;
    else held.push(decision);
  }
  return unknown ? { truth: void 0, decided: [unknown] } : { truth: true, decided: held };
}
var among = (values, fact) => fact === void 0 ? void 0 : values.includes(fact);
function testOf(key2, value, languages) {
  switch (key2) {
    case "country":
    case "continent":
    case "region":
    case "asn": {
      const values = value;
      return (facts) => among(values, facts.edge[key2]);
    }
    case "ip": {
      const blocks = value.map((text2) => parseCidr(text2));
      return (facts) => {
        const address = facts.ip();
        return address ? blocks.some((block) => inCidr(address, block)) : void 0;
      };
    }
    case "language": {
      const values = value;
      return (facts) => {
        const tags = facts.languageTags();
        if (!tags) return void 0;
        const tag2 = visitorLanguage(tags, languages);
        return tag2 !== null && values.some((v) => coversTag(v, tag2));
      };
    }
    case "device": {
      const values = value;
      return (facts) => {
        const agent = facts.agent();
        return agent ? agent.devices.some((d) => values.includes(d)) : void 0;
      };
    }
    case "os":
    case "browser": {
      const values = value;
      return (facts) => {
        const agent = facts.agent();
        return agent ? agent[key2] !== void 0 && values.includes(agent[key2]) : void 0;
      };
    }
    case "bot": {
      const values = value;
      return (facts) => {
        const agent = facts.agent();
        if (!agent) return void 0;
        return values.some((v) => v === "preview" ? agent.preview : v === agent.bot);
      };
    }
    case "query": {
      const wanted = Object.entries(value);
      return (facts) => {
        const query = facts.query();
        return wanted.every(
          ([name, want]) => typeof want === "boolean" ? query.has(name) === want : query.getAll(name).some((v) => want.includes(v))
        );
      };
    }
    case "time": {
      const windows = value.map(compileWindow);
      return (facts) => {
        let result = false;
        for (const window of windows) {
          const local = facts.clock(window.tz === "visitor" ? facts.edge.timezone : window.tz);
          if (local === void 0) result = void 0;
          else if (inWindow(window, local)) return true;
        }
        return result;
      };
    }
    case "after": {
      const at = Date.parse(value);
      return (facts) => facts.now.getTime() >= at;
    }
    case "before": {
      const at = Date.parse(value);
      return (facts) => facts.now.getTime() < at;
    }
    case "not": {
      const inner = compileWhen(value, languages);
      return (facts) => {
        const verdict = evaluate(inner, facts);
        return { ...verdict, truth: verdict.truth === void 0 ? void 0 : !verdict.truth };
      };
    }
  }
}

// runtime/link-routes/preview-bot-table.ts
var PREVIEW_BOT_TABLE = [
  ["slackbot-linkexpanding", "slack"],
  ["slack-imgproxy", "slack"],
  ["discordbot", "discord"],
  ["telegrambot", "telegram"],
  ["whatsapp/", "whatsapp"],
  ["facebookexternalhit", "facebook"],
  ["facebookcatalog", "facebook"],
  ["facebot", "facebook"],
  ["twitterbot", "x"],
  ["linkedinbot", "linkedin"],
  ["mastodon/", "mastodon"],
  ["skypeuripreview", "microsoft"],
  ["microsoftpreview", "microsoft"],
  ["applebot", "apple"],
  ["pinterestbot", "pinterest"],
  ["redditbot", "reddit"],
  ["vkshare", "vk"],
  ["iframely/", "iframely"],
  ["embedly/", "embedly"]
];

// runtime/link-routes/preview-bots.ts
function previewBotOf(ua) {
  if (!ua) return void 0;
  const lower = ua.toLowerCase();
  for (const [token, family] of PREVIEW_BOT_TABLE) if (lower.includes(token)) return family;
  return void 0;
}

// runtime/link-routes/user-agent.ts
var TABLET = /Tablet|Kindle|Silk\/|PlayBook/i;
var MOBILE = /Mobi|Opera Mini|IEMobile|BlackBerry|BB10|Windows Phone/i;
var BROWSER_PATTERNS = [
  ["samsung", /SamsungBrowser\//],
  ["edge", /Edg(?:e|A|iOS)?\//],
  ["opera", /OPR\/|OPiOS\/|Opera/],
  ["firefox", /Firefox\/|FxiOS\//],
  ["chrome", /Chrome\/|CriOS\/|Chromium\//],
  ["safari", /Version\/[\d.]+.*Safari\//]
];
var AGENT_MEMO_LIMIT = 512;
var agents = /* @__PURE__ */ new Map();
function agentOf(ua) {
  const facts = agents.get(ua) ?? readAgent(ua);
  remember(agents, ua, facts, AGENT_MEMO_LIMIT);
  return facts;
}
function readAgent(ua) {
  const preview = previewBotOf(ua) !== void 0;
  const facts = { devices: [], bot: preview || isbot(ua), preview };
  if (/iPad/.test(ua)) {
    facts.devices.push("ipados", "tablet");
    facts.os = "ipados";
  } else if (/iPhone|iPod/.test(ua)) {
    facts.devices.push("ios", "mobile");
    facts.os = "ios";
  } else if (/Android/.test(ua)) {
    facts.devices.push("android", /Mobile/.test(ua) ? "mobile" : "tablet");
    facts.os = "android";
  } else {
    facts.devices.push(TABLET.test(ua) ? "tablet" : MOBILE.test(ua) ? "mobile" : "desktop");
    facts.os = desktopOs(ua);
  }
  facts.browser = BROWSER_PATTERNS.find(([, pattern2]) => pattern2.test(ua))?.[0];
  return facts;
}
function desktopOs(ua) {
  if (/Windows/.test(ua)) return "windows";
  if (/CrOS/.test(ua)) return "chromeos";
  if (/Macintosh|Mac OS X/.test(ua)) return "macos";
  if (/Linux|X11/.test(ua)) return "linux";
  return void 0;
}

// runtime/link-routes/facts.ts
var text = (value) => typeof value === "string" && value !== "" ? value : void 0;
function edgeFactsOf(cf) {
  if (cf === null || typeof cf !== "object") return {};
  const raw = cf;
  const facts = {};
  const country = text(raw.country)?.toUpperCase();
  if (country && country !== "XX") facts.country = country;
  const continent = text(raw.continent)?.toUpperCase();
  if (continent) facts.continent = continent;
  const regionCode = text(raw.regionCode)?.toUpperCase();
  if (facts.country && regionCode) facts.region = `${facts.country}-${regionCode}`;
  const asn = typeof raw.asn === "string" ? Number(raw.asn) : raw.asn;
  if (typeof asn === "number" && Number.isInteger(asn) && asn > 0) facts.asn = asn;
  const timezone = text(raw.timezone);
  if (timezone) facts.timezone = timezone;
  return facts;
}
var RANKING_MEMO_LIMIT = 256;
var rankings = /* @__PURE__ */ new Map();
var Facts = class {
  constructor(input, url, now) {
    this.input = input;
    this.url = url;
    this.now = now;
  }
  input;
  url;
  now;
  agentFacts;
  address;
  params;
  tags;
  clocks = /* @__PURE__ */ new Map();
  drawn;
  edgeFacts;
  get edge() {
    return this.edgeFacts ??= this.input.edge ?? {};
  }
  /** The User-Agent's facts; null without one. */
  agent() {
    if (this.agentFacts === void 0) {
      const ua = this.input.userAgent?.trim();
      this.agentFacts = ua ? agentOf(ua) : null;
    }
    return this.agentFacts;
  }
  /** The client's address as bytes; null without one (or with one that is not an address). */
  ip() {
    if (this.address === void 0) {
      const ip = this.input.ip?.trim();
      this.address = ip ? parseAddress2(ip) : null;
    }
    return this.address;
  }
  query() {
    return this.params ??= this.url.searchParams;
  }
  /** Accept-Language tags by preference; null without the header. */
  languageTags() {
    const header = this.input.acceptLanguage;
    if (!header?.trim()) return null;
    if (!this.tags) {
      this.tags = rankings.get(header) ?? rankedLanguageTags(header);
      remember(rankings, header, this.tags, RANKING_MEMO_LIMIT);
    }
    return this.tags;
  }
  /** The wall clock of `tz` now (`visitor`: the visitor's zone); undefined when unknown. */
  clock(tz) {
    if (tz === void 0) return void 0;
    if (!this.clocks.has(tz)) this.clocks.set(tz, localTime(tz, this.now.getTime()));
    return this.clocks.get(tz);
  }
  /** The split draw: the request's own, or 0 (the first variant) where none is given. */
  draw() {
    if (this.drawn === void 0) {
      const value = this.input.draw?.() ?? 0;
      this.drawn = value >= 0 && value < 1 ? value : 0;
    }
    return this.drawn;
  }
  /** Whether the draw was the request's own (explain shows every variant when it is not). */
  get drawGiven() {
    return this.input.draw !== void 0;
  }
};

// runtime/link-routes/split.ts
function pickVariant(variants, draw) {
  let total = 0;
  for (const variant of variants) total += variant.weight;
  let point = draw * total;
  for (let i = 0; i < variants.length; i++) {
    point -= variants[i].weight;
    if (point < 0) return i;
  }
  return variants.length - 1;
}
function randomDraw() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0] / 2 ** 32;
}

// runtime/link-routes/choose.ts
var compiled3 = /* @__PURE__ */ new WeakMap();
function compiledRoutes(routes) {
  let done = compiled3.get(routes);
  if (!done) {
    const languages = [...new Set(routes.flatMap((route) => languagesOf(route.when)))];
    done = routes.map((route) => ({
      route,
      when: route.when ? compileWhen(route.when, languages) : null
    }));
    compiled3.set(routes, done);
  }
  return done;
}
function languagesOf(when) {
  if (!when) return [];
  return [...when.language ?? [], ...languagesOf(when.not)];
}
function chooseRoute(link, facts) {
  const steps = [];
  const routes = compiledRoutes(link.routes ?? []);
  for (let index = 0; index < routes.length; index++) {
    const { route, when } = routes[index];
    const verdict = when ? evaluate(when, facts) : { truth: true, decided: [] };
    steps.push({ index, truth: verdict.truth, decided: verdict.decided });
    if (verdict.truth !== true) continue;
    if (!route.split)
      return { index, route, variant: null, target: route.target ?? link.target, steps, facts };
    const draw = facts.draw();
    const variant = pickVariant(route.split, draw);
    return {
      index,
      route,
      variant: { index: variant, draw },
      target: route.split[variant].target,
      steps,
      facts
    };
  }
  return { index: null, route: null, variant: null, target: link.target, steps, facts };
}

// runtime/resolve.ts
var PUBLIC_METHODS = "GET, HEAD, OPTIONS";
var SCANNER_PROBE = "scanner-probe";
var ENDPOINT_METHODS = "POST, OPTIONS";
async function resolve(request, ctx) {
  const url = new URL(
    request.url.startsWith("/") ? "http://request.invalid" + request.url : request.url
  );
  const method = request.method.toUpperCase();
  const inLanguage = (fixed) => fixed ? { lang: fixed } : { lang: chooseLanguage(request.acceptLanguage, ctx.defaultLang), negotiated: true };
  const trace = {
    method,
    path: url.pathname,
    normalized: null,
    match: null,
    link: null,
    effective_state: null,
    schedule_label: null,
    route: null,
    zone: null,
    outcome: { type: "plain-404" },
    event: null,
    checks: []
  };
  const done = (outcome, step, ok, detail) => {
    trace.checks.push({ step, ok, detail });
    trace.outcome = outcome;
    if (trace.zone !== null && trace.event) trace.event = { ...trace.event, zone: trace.zone };
    return trace;
  };
  const notFound = (deny) => ctx.notFound !== void 0 && deny === void 0 ? { type: "redirect", status: 302, location: ctx.notFound, cacheControl: "no-store" } : {
    type: "page",
    page: "not-found",
    ...inLanguage(),
    status: 404,
    ...deny ? { deny } : {}
  };
  const pageOf2 = (page, fixed) => {
    const prefill = page === "lookup" ? lookupPrefill(url.searchParams.get("slug")) : void 0;
    return {
      type: "page",
      page,
      ...inLanguage(fixed),
      status: 200,
      ...prefill ? { prefill } : {}
    };
  };
  const folded = foldPathForGuards(url.pathname);
  if (isPrivateFile(folded))
    return done({ type: "plain-404" }, "guard", false, "private runtime file");
  if (isProbe(folded, ctx.blocklist))
    return done(
      { type: "plain-404", deny: SCANNER_PROBE },
      "guard",
      false,
      "scanner probe (blocklist)"
    );
  trace.checks.push({ step: "guard", ok: true, detail: "not a private file or probe" });
  const isEndpoint = POST_PATHS.includes(url.pathname);
  const allow = isEndpoint ? ENDPOINT_METHODS : PUBLIC_METHODS;
  if (method === "OPTIONS")
    return done(
      { type: "preflight", status: 204, allow, endpoint: isEndpoint },
      "method",
      true,
      "OPTIONS"
    );
  const accepted2 = isEndpoint ? method === "POST" : method === "GET" || method === "HEAD";
  if (!accepted2)
    return done(
      { type: "method-not-allowed", status: 405, allow },
      "method",
      false,
      `${method} not accepted`
    );
  if (isEndpoint) {
    const endpoint = url.pathname === POST_PATHS[0] ? "lookup-resolve" : "analytics-lookup";
    return done({ type: "endpoint", endpoint }, "method", true, `POST ${url.pathname}`);
  }
  trace.checks.push({ step: "method", ok: true, detail: method });
  const normal = normalizePath(url.pathname, ctx.caseSensitive);
  if (!normal.ok) return done(notFound(), "normalize", false, `refused: ${normal.reason}`);
  const trailingSlash = ctx.strictTrailingSlash === true && normal.segments.length > 0 && url.pathname.endsWith("/");
  trace.normalized = trailingSlash ? normal.path + "/" : normal.path;
  trace.checks.push({ step: "normalize", ok: true, detail: trace.normalized });
  const lowerPath = "/" + foldCase(normal.key);
  if (normal.key === "" && ctx.root !== void 0) {
    trace.event = { kind: "redirect" };
    const cacheControl2 = ctx.redirectMaxAge > 0 ? `public, max-age=${ctx.redirectMaxAge}` : "no-store";
    return done(
      { type: "redirect", status: 302, location: ctx.root, cacheControl: cacheControl2 },
      "route",
      true,
      `the host's root: ${ctx.root}`
    );
  }
  const guarded = isProtectedPath(lowerPath, LANGUAGES);
  if (guarded)
    return done({ type: "protected", ...guarded }, "route", true, `protected ${guarded.area}`);
  const lookup = lookupPage(lowerPath);
  if (lookup) {
    trace.event = { kind: "pageview" };
    return done(pageOf2("lookup", lookup.lang), "route", true, "lookup page");
  }
  const file = staticFileFor(url.pathname, ctx.staticPaths) ?? staticFileFor(normal.path, ctx.staticPaths);
  if (file) {
    trace.event = isHtmlPath(file) ? { kind: "pageview" } : null;
    return done({ type: "static", path: file }, "route", true, "static file");
  }
  const miss = (step, detail) => {
    const candidate = isShortLinkCandidate(normal.segments, normal.key);
    trace.event = candidate ? { kind: "short-link-miss" } : null;
    return done(notFound(), step, false, candidate ? `${detail} (short-link candidate)` : detail);
  };
  const zone = ctx.zones && zoneOfKey(normal.key, ctx.zones);
  if (zone) {
    trace.zone = zone.name;
    if (request.identity?.zone !== zone.name)
      return miss("access", `private zone ${zone.name}: no verified identity, answered as a miss`);
    trace.checks.push({
      step: "access",
      ok: true,
      detail: `identity verified for zone ${zone.name}`
    });
  }
  const ownPage = () => {
    const route = pageRouteOf(lowerPath);
    if (!route) return void 0;
    if ("redirect" in route) {
      if (!ctx.staticPaths.has(route.redirect)) return void 0;
      trace.event = null;
      return done(
        { type: "redirect", status: 308, location: route.redirect, cacheControl: "no-store" },
        "route",
        true,
        `no link takes this path: ${route.redirect}`
      );
    }
    if (!isPagePublished(route.page, ctx.pages)) return void 0;
    trace.event = { kind: "pageview" };
    return done(
      pageOf2(route.page, route.lang),
      "route",
      true,
      `no link takes this path: ${route.page} page`
    );
  };
  const found = await findLink(
    normal.key,
    { values: normal.segments, trailingSlash, strict: ctx.strictTrailingSlash === true },
    ctx.links
  );
  if (!found) {
    const own = zone ? void 0 : ownPage();
    if (own) return own;
    return miss("match", "no link");
  }
  const { link, depth, params } = found;
  trace.link = link;
  trace.match = {
    kind: link.kind,
    slug: link.slug,
    key: link.key,
    file: link.file,
    line: link.line
  };
  if (params) trace.match.params = params;
  const captured = params ? ` ${Object.entries(params).map(([name, value]) => `:${name}=${JSON.stringify(value)}`).join(" ")}` : "";
  trace.checks.push({
    step: "match",
    ok: true,
    detail: `${link.kind} ${link.slug} (${link.file}:${link.line})${captured}`
  });
  if (zone || link.zone !== void 0) {
    const refusal = privateRefusal(link, zone, request.identity);
    if (refusal) return miss("access", `${refusal}: answered as a miss`);
  }
  const state = effectiveState(link, request.now);
  trace.effective_state = state;
  trace.schedule_label = link.kind === "exact" ? link.schedule?.label ?? null : null;
  const stateOutcome = STATE_OUTCOMES[state];
  if (stateOutcome.kind === "hidden") {
    const own = zone ? void 0 : ownPage();
    if (own) return own;
    trace.event = { kind: "short-link-miss" };
    return done(notFound(), "state", false, `${state}: answered like a miss`);
  }
  if (stateOutcome.kind === "page") {
    trace.event = { kind: "redirect", redirect_error: `state:${state}` };
    const retryAfter = retryAfterSeconds(link, request.now);
    const successor = state === "retired" ? link.successor : void 0;
    return done(
      {
        type: "page",
        page: stateOutcome.page,
        ...inLanguage(),
        status: stateOutcome.status,
        ...retryAfter ? { retryAfter } : {},
        ...successor !== void 0 ? { successor } : {}
      },
      "state",
      false,
      `${state}: informational page ${stateOutcome.status}${successor !== void 0 ? `, pointing to its successor ${successor}` : ""}`
    );
  }
  trace.checks.push({ step: "state", ok: true, detail: state });
  const routed = link.routes && !request.defaultTarget ? chooseRoute(link, new Facts(request, url, request.now)) : null;
  trace.route = routed;
  if (routed) trace.checks.push({ step: "route", ok: true, detail: describeChoice(routed) });
  const remainder = link.kind === "exact" ? [] : normal.segments.slice(depth);
  const location = buildLocation(
    link,
    { remainder, params, trailingSlash },
    url.search,
    ctx.blocklist,
    routed?.target,
    zone && { zone, email: request.identity?.email }
  );
  if (!location.ok) {
    trace.event = { kind: "redirect", redirect_error: location.code };
    return done(
      notFound(location.category),
      "target",
      false,
      `${location.code}: ${location.message} [${location.category}]`
    );
  }
  if (link.preview && !request.defaultTarget) {
    const bot = previewBotOf(request.userAgent);
    if (bot !== void 0) {
      trace.event = { kind: "preview" };
      return done(
        { type: "preview", ...inLanguage(), bot, target: location.url },
        "preview",
        true,
        `${bot} link-preview bot: the link's card, linking to ${location.url}; no redirect`
      );
    }
    trace.checks.push({ step: "preview", ok: true, detail: "not a link-preview bot: redirect" });
  }
  trace.event = { kind: "redirect" };
  const cacheControl = zone ? "private, no-store" : ctx.redirectMaxAge > 0 && !link.routes ? `public, max-age=${ctx.redirectMaxAge}` : "no-store";
  return done(
    { type: "redirect", status: link.status, location: location.url, cacheControl },
    "target",
    true,
    location.url
  );
}
async function findLink(key2, facts, links) {
  const exact = await links.exact(facts.trailingSlash ? key2 + "/" : key2);
  if (exact) return { link: exact, depth: 0 };
  const segments = key2 === "" ? [] : key2.split("/");
  const path = { keys: segments, ...facts };
  const placeholder = links.placeholders && matchPlaceholders(links.placeholders, path);
  if (placeholder && links.placeholder) {
    const link = await links.placeholder(placeholder.key);
    if (link) return { link, depth: placeholder.depth, params: placeholder.params };
  }
  for (let i = links.splatDepths.length - 1; i >= 0; i--) {
    const depth = links.splatDepths[i];
    if (depth > segments.length) continue;
    if (depth === segments.length && depth > 0 && path.strict && !path.trailingSlash) continue;
    const splat = await links.splat(segments.slice(0, depth).join("/"));
    if (splat) return { link: splat, depth };
  }
  return void 0;
}
function lookupPage(lowerPath) {
  if (lowerPath === LOOKUP_ROUTES.en) return {};
  for (const [lang, route] of Object.entries(LOOKUP_ROUTES))
    if (lowerPath === route) return { lang };
  return void 0;
}
function lookupPrefill(value) {
  return value ? clip(value, LOOKUP_INPUT_MAX) : void 0;
}

// runtime/engine/identity.ts
async function identityOf(request, env, site, options) {
  const zones2 = site.access_zones;
  if (!zones2 || request.method !== "GET" && request.method !== "HEAD") return void 0;
  const zone = zoneOfPath(new URL(request.url).pathname, zones2);
  if (!zone) return void 0;
  if (options?.as) return { zone: zone.name, ...options.as };
  if (extractAccessToken(request) === null) return void 0;
  const verdict = await verifyAccess(request, {
    ACCESS_TEAM_DOMAIN: env.ACCESS_TEAM_DOMAIN,
    ACCESS_AUD: zone.aud
  });
  if (!verdict.ok) {
    console.warn(`shortlinks: access refused on zone ${zone.name}: ${verdict.reason}`);
    return void 0;
  }
  return verdict.email === void 0 ? { zone: zone.name } : { zone: zone.name, email: verdict.email };
}

// runtime/http/lookup-api.ts
var LOOKUP_BODY_LIMIT = 2048;
function lookupPath(input) {
  const text2 = input.trim();
  if (text2 === "" || text2.length > LOOKUP_INPUT_MAX) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text2)) {
    try {
      const url = new URL(text2);
      return url.pathname + url.search;
    } catch {
      return null;
    }
  }
  return text2.startsWith("/") ? text2 : "/" + text2;
}
async function lookupSlug(input, ctx, now) {
  const path = lookupPath(input);
  const slug = clip(input.trim(), LOOKUP_INPUT_MAX);
  if (path === null) return { found: false, slug };
  const resolution = await resolve({ method: "GET", url: path, now, defaultTarget: true }, ctx);
  const link = resolution.link;
  const state = resolution.effective_state;
  if (!link || !state || STATE_OUTCOMES[state].kind === "hidden") return { found: false, slug };
  const result = { found: true, slug: link.slug, kind: link.kind, state };
  if (resolution.schedule_label) result.schedule_label = resolution.schedule_label;
  if (link.routes) result.routed_by = routedBy(link.routes);
  if (link.preview) result.preview = link.preview;
  if (resolution.outcome.type === "redirect") {
    result.target = resolution.outcome.location;
    result.status = resolution.outcome.status;
  }
  return result;
}
function formLanguage(value) {
  return typeof value === "string" && LANGUAGES.includes(value) ? value : void 0;
}
function beaconFacts(body) {
  const { slug, result } = body;
  if (typeof slug !== "string" || typeof result !== "string") return null;
  return { slug: clip(slug, 200), result: clip(result, 50) };
}

// runtime/http/read-body.ts
async function readSmallBody(request, limit, options) {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const form = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !(options.allowForm && form))
    return { ok: false, status: 415, error: "unsupported content type" };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return { ok: false, status: 413, error: "body too large" };
  const text2 = await readLimited(request, limit);
  if (text2 === null) return { ok: false, status: 413, error: "body too large" };
  if (form) return { ok: true, value: Object.fromEntries(new URLSearchParams(text2)), form };
  try {
    const value = JSON.parse(text2);
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return { ok: false, status: 400, error: "body must be a JSON object" };
    return { ok: true, value, form };
  } catch {
    return { ok: false, status: 400, error: "invalid JSON" };
  }
}
async function readLimited(request, limit) {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks = [];
  let size = 0;
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => void 0);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

// runtime/engine/lookup-endpoints.ts
async function lookupResolve(request, data, rctx, now) {
  const body = await readSmallBody(request, LOOKUP_BODY_LIMIT, { allowForm: true });
  if (!body.ok) return { response: allowNullOrigin(jsonError(body.status, body.error), request) };
  const slug = body.value.slug;
  if (typeof slug !== "string")
    return { response: allowNullOrigin(jsonError(400, "slug must be a string"), request) };
  const result = await lookupSlug(slug, rctx, now);
  if (!body.form) return { response: allowNullOrigin(json(200, result), request) };
  const fixed = formLanguage(body.value.lang);
  const lang = fixed ?? chooseLanguage(request.headers.get("accept-language"), data.site.default_lang);
  const template = await readPage(data, pageAssetPath(lang, "lookup-result"));
  if (template === null) return { response: plainText(503, "Service unavailable\n") };
  const html = renderLookupResult(template, result, { baseUrl: data.site.base_url, input: slug });
  return {
    response: new Response(html, {
      status: 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...fixed ? {} : languageHeaders(lang)
      }
    }),
    event: {
      kind: "lookup",
      ...eventSlug(slug, result.slug, data),
      lookup_result: result.found ? result.state ?? "found" : "not-found"
    }
  };
}
async function lookupBeacon(request, data) {
  const body = await readSmallBody(request, LOOKUP_BODY_LIMIT, { allowForm: false });
  if (!body.ok) return { response: allowNullOrigin(jsonError(body.status, body.error), request) };
  const facts = beaconFacts(body.value);
  if (!facts)
    return {
      response: allowNullOrigin(jsonError(400, "slug and result must be strings"), request)
    };
  return {
    response: allowNullOrigin(
      new Response(null, { status: 204, headers: { "cache-control": "no-store" } }),
      request
    ),
    event: {
      kind: "lookup",
      ...eventSlug(facts.slug, facts.slug, data),
      lookup_result: facts.result
    }
  };
}
function zoneFacts(zone, data) {
  const prefix = data.site.access_zones?.find((z) => z.name === zone)?.prefix ?? "";
  return { zone, zone_path: "/" + prefix };
}
function eventSlug(typed, slug, data) {
  const path = lookupPath(typed);
  const zone = path === null ? void 0 : zoneOfPath(path.split("?")[0], data.site.access_zones);
  return zone ? zoneFacts(zone.name, data) : { slug };
}

// runtime/engine/answer.ts
function resolveContext(data) {
  const context = {
    links: data.links,
    blocklist: data.blocklist,
    caseSensitive: data.site.case_sensitive,
    strictTrailingSlash: data.site.trailing_slash === "strict",
    defaultLang: data.site.default_lang,
    redirectMaxAge: data.site.redirect_max_age,
    staticPaths: data.staticPaths,
    pages: data.site.pages,
    zones: data.site.access_zones
  };
  if (data.domain?.root !== void 0) context.root = data.domain.root;
  if (data.domain?.not_found !== void 0) context.notFound = data.domain.not_found;
  return context;
}
var LiveFacts = class {
  constructor(request, now, given) {
    this.request = request;
    this.now = now;
    this.given = given;
    this.method = request.method;
    this.url = request.url;
    this.acceptLanguage = request.headers.get("accept-language");
    const draw = given?.draw;
    this.draw = given ? draw === void 0 ? void 0 : () => draw : randomDraw;
  }
  request;
  now;
  given;
  method;
  url;
  acceptLanguage;
  draw;
  identity;
  get edge() {
    return this.given ? this.given.edge : edgeFactsOf(this.request.cf);
  }
  get ip() {
    return this.request.headers.get("cf-connecting-ip");
  }
  get userAgent() {
    return this.request.headers.get("user-agent");
  }
};
function requestFacts(request, now, given) {
  return new LiveFacts(request, now, given);
}
async function answerRequest(request, env, data, now, given) {
  const rctx = resolveContext(data);
  const identity = data.site.access_zones ? await identityOf(request, env, data.site, given) : void 0;
  const facts = requestFacts(request, now, given);
  if (identity) facts.identity = identity;
  const resolution = await resolve(facts, rctx);
  const { response, event } = await respond(resolution, request, env, data, rctx, now);
  const head = request.method === "HEAD";
  const path = headerPath(resolution);
  if (response instanceof Response)
    return {
      resolution,
      response: withHeaderRules(response, data.site, path, head),
      event
    };
  const finished = finishDraft(
    response,
    data.site,
    path,
    head,
    (sent) => withReference(sent, correlationId(request))
  );
  return { resolution, ...finished, event };
}
function headerPath(resolution) {
  return resolution.outcome.type === "static" ? resolution.outcome.path : resolution.path;
}
async function respond(resolution, request, env, data, rctx, now) {
  const { outcome, link } = resolution;
  const zone = resolution.event?.zone;
  switch (outcome.type) {
    case "plain-404":
      return { response: plainNotFound(outcome.deny) };
    case "method-not-allowed":
      return { response: plainText(405, "Method not allowed\n", { allow: outcome.allow }) };
    case "preflight":
      return { response: preflight(outcome.allow, outcome.endpoint, request) };
    case "redirect": {
      const response = {
        status: outcome.status,
        headers: { location: outcome.location, "cache-control": outcome.cacheControl },
        body: null
      };
      const decided = resolution.event;
      if (!decided) return { response };
      if (decided.kind !== "redirect" || decided.redirect_error)
        return {
          response,
          event: {
            kind: decided.kind,
            ...linkFacts(resolution, data),
            redirect_status: outcome.status,
            redirect_error: decided.redirect_error
          }
        };
      return {
        response,
        event: {
          kind: "redirect",
          ...linkFacts(resolution, data),
          ...zone ? {} : { target_host: hostOf(outcome.location) },
          redirect_status: outcome.status
        }
      };
    }
    case "page": {
      const assetPath = pageAssetPath(outcome.lang, outcome.page);
      const template = await readPage(data, assetPath);
      const filled = template === null ? null : fillLookupInput(template, outcome.prefill ?? "");
      const html = filled === null || outcome.page !== "retired" ? filled : fillSuccessor(filled, successorSlots(data.site.base_url, outcome.successor));
      const extra = {
        ...outcome.retryAfter ? { "retry-after": String(outcome.retryAfter) } : {},
        ...outcome.negotiated ? languageHeaders(outcome.lang) : {},
        ...outcome.deny ? { "x-deny-category": outcome.deny } : {}
      };
      const response = outcome.page === "not-found" ? notFoundPage(html, extra) : htmlWithStatus(html, outcome.status, extra);
      const decided = resolution.event;
      const event = !decided ? void 0 : decided.kind === "pageview" ? { kind: "pageview", title: data.site.page_titles[assetPath] } : {
        kind: decided.kind,
        ...linkFacts(resolution, data),
        redirect_status: outcome.status,
        redirect_error: decided.redirect_error
      };
      return { response, event };
    }
    case "preview": {
      const template = link?.preview ? await readPage(data, pageAssetPath(outcome.lang, "preview")) : null;
      const url = new URL(request.url);
      const html = template === null || !link?.preview ? null : fillPreview(template, {
        preview: link.preview,
        shortUrl: url.origin + url.pathname,
        target: outcome.target
      });
      return {
        // Never stored: the same URL redirects everyone else (docs/previews.md, "Caching").
        response: htmlWithStatus(html, 200, {
          "x-robots-tag": "noindex",
          ...outcome.negotiated ? languageHeaders(outcome.lang) : {}
        }),
        event: {
          kind: "preview",
          ...linkFacts(resolution, data),
          target_host: hostOf(outcome.target),
          preview_bot: outcome.bot
        }
      };
    }
    case "static": {
      const own = data.domain?.files?.[outcome.path];
      const asset = own ? typedAsset(await readAsset(data.assets, own.asset), own.content_type) : await readAsset(data.assets, outcome.path);
      if (!asset.ok) return { response: plainNotFound() };
      return {
        response: allowNullOriginFont(asset, outcome.path, request),
        event: resolution.event ? { kind: "pageview", title: data.site.page_titles[outcome.path] } : void 0
      };
    }
    case "protected": {
      const aud = data.domain?.access_aud;
      const verdict = await verifyAccess(request, aud ? { ...env, ACCESS_AUD: aud } : env);
      if (!verdict.ok) {
        console.warn(`shortlinks: access refused on ${outcome.area}: ${verdict.reason}`);
        return {
          response: plainText(403, "Forbidden\n", { "cache-control": "private, no-store" })
        };
      }
      const answer = async (inner, at, given) => (await answerRequest(inner, env, data, at, given)).response;
      const operator = {
        area: outcome.area,
        langTag: outcome.lang,
        rest: outcome.rest,
        search: new URL(request.url).searchParams
      };
      return { response: await serveOperator(operator, data, answer, now) };
    }
    case "endpoint":
      return outcome.endpoint === "lookup-resolve" ? lookupResolve(request, data, rctx, now) : lookupBeacon(request, data);
  }
}
function linkFacts(resolution, data) {
  const zone = resolution.event?.zone;
  const effective_state = resolution.effective_state ?? void 0;
  if (zone) return { ...zoneFacts(zone, data), effective_state };
  const { route } = resolution;
  return {
    slug: resolution.link?.slug,
    effective_state,
    schedule_label: resolution.schedule_label ?? void 0,
    ...route ? { route: routeLabel(route), variant: variantLabel(route) } : {}
  };
}
function typedAsset(asset, contentType) {
  if (!asset.ok) return asset;
  const headers = new Headers(asset.headers);
  headers.set("content-type", contentType);
  return new Response(asset.body, { status: asset.status, headers });
}
function hostOf(location) {
  try {
    return new URL(location).hostname;
  } catch {
    return void 0;
  }
}

// runtime/answer-cache.ts
var REDIRECT_MEMO_LIMIT = 4096;
var PAGE_MEMO_LIMIT = 1024;
function timeless(resolution, pagesRead) {
  const { outcome, link } = resolution;
  if (resolution.zone !== null) return false;
  if (link?.kind === "exact" && link.schedule) return false;
  if (link?.preview) return false;
  if (outcome.type === "redirect") return !link?.routes;
  return outcome.type === "page" && pagesRead.has(pageAssetPath(outcome.lang, outcome.page));
}
var AnswerCache = class {
  redirects = /* @__PURE__ */ new Map();
  pages = /* @__PURE__ */ new Map();
  /** The remembered answer to a GET or HEAD `request`, if there is one. */
  answer(request) {
    const url = request.url;
    let hit = this.redirects.get(url);
    if (hit) remember(this.redirects, url, hit, REDIRECT_MEMO_LIMIT);
    else {
      const key2 = pageKey(url, request.headers.get("accept-language"));
      hit = this.pages.get(key2);
      if (!hit) return void 0;
      remember(this.pages, key2, hit, PAGE_MEMO_LIMIT);
    }
    if (hit.reference) {
      const filled = withReference(hit, correlationId(request));
      const body = request.method === "HEAD" ? null : filled.body;
      return {
        response: new Response(body, { status: filled.status, headers: filled.headers }),
        event: hit.event
      };
    }
    const response = hit.body === null || request.method === "HEAD" ? hit.bodiless ??= new Response(null, { status: hit.status, headers: hit.headers }) : new Response(hit.body, { status: hit.status, headers: hit.headers });
    return { response, event: hit.event };
  }
  /**
   * Keeps `sent` (the final draft: header rules applied), answered as `response`, if it is
   * timeless. A body-less `response` is itself kept to be sent again. A page is kept only from a
   * GET, which carries its body. Past a map's limit the least recently used goes.
   */
  offer(request, resolution, sent, response, pagesRead, event) {
    if (!timeless(resolution, pagesRead)) return;
    const entry = {
      status: sent.status,
      headers: sent.headers,
      body: sent.body,
      event
    };
    if (sent.reference) entry.reference = true;
    if (sent.body === null) entry.bodiless = response;
    if (resolution.outcome.type === "redirect")
      remember(this.redirects, request.url, entry, REDIRECT_MEMO_LIMIT);
    else if (request.method === "GET" && sent.body !== null)
      remember(
        this.pages,
        pageKey(request.url, request.headers.get("accept-language")),
        entry,
        PAGE_MEMO_LIMIT
      );
  }
  get size() {
    return { redirects: this.redirects.size, pages: this.pages.size };
  }
};
function pageKey(url, acceptLanguage) {
  return `${url}
${acceptLanguage ?? ""}`;
}

// runtime/registry/shard-of.ts
var FNV_OFFSET = 2166136261;
var FNV_PRIME = 16777619;
function fnv1a32(text2, from = FNV_OFFSET) {
  let hash = from;
  for (let i = 0; i < text2.length; i++) {
    let code = text2.charCodeAt(i);
    if (code < 128) {
      hash = Math.imul(hash ^ code, FNV_PRIME);
      continue;
    }
    if (code >= 55296 && code <= 56319 && i + 1 < text2.length) {
      const low = text2.charCodeAt(i + 1);
      if (low >= 56320 && low <= 57343) {
        code = 65536 + (code - 55296 << 10) + (low - 56320);
        i++;
      } else code = 65533;
    } else if (code >= 55296 && code <= 57343) code = 65533;
    if (code < 2048) {
      hash = Math.imul(hash ^ (192 | code >> 6), FNV_PRIME);
    } else if (code < 65536) {
      hash = Math.imul(hash ^ (224 | code >> 12), FNV_PRIME);
      hash = Math.imul(hash ^ (128 | code >> 6 & 63), FNV_PRIME);
    } else {
      hash = Math.imul(hash ^ (240 | code >> 18), FNV_PRIME);
      hash = Math.imul(hash ^ (128 | code >> 12 & 63), FNV_PRIME);
      hash = Math.imul(hash ^ (128 | code >> 6 & 63), FNV_PRIME);
    }
    hash = Math.imul(hash ^ (128 | code & 63), FNV_PRIME);
  }
  return hash >>> 0;
}
function shardOf(key2, shardCount) {
  return fnv1a32(key2) % shardCount;
}

// runtime/registry/filter.ts
var HEADER = new TextEncoder().encode(REGISTRY_FILTER.schema + "\n");
function mix(h) {
  h = Math.imul(h ^ h >>> 16, 2246822507);
  h = Math.imul(h ^ h >>> 13, 3266489909);
  return (h ^ h >>> 16) >>> 0;
}
var EXACT = fnv1a32("e");
var SPLAT = fnv1a32("s");
var PLACEHOLDER = fnv1a32("p");
var idHash = (kind, key2) => fnv1a32(key2, kind === "exact" ? EXACT : kind === "splat" ? SPLAT : PLACEHOLDER);
var bitAt = (h1, h2, i, bits) => (h1 + Math.imul(i, h2) >>> 0) % bits;
function filterShapeFor(links, bitsPerLink, hashes) {
  return { bits: Math.max(64, Math.ceil(links * bitsPerLink / 8) * 8), hashes };
}
var MembershipFilter = class _MembershipFilter {
  constructor(bytes, shape) {
    this.bytes = bytes;
    this.shape = shape;
  }
  bytes;
  shape;
  static empty(shape) {
    return new _MembershipFilter(new Uint8Array(shape.bits / 8), shape);
  }
  /** The size of a filter file of `shape`: its header and its bits. */
  static fileBytes(shape) {
    return HEADER.length + shape.bits / 8;
  }
  /** The filter in a file's bytes, or an error message when they are not one of `shape`. */
  static fromFile(file, shape) {
    const bytes = _MembershipFilter.fileBytes(shape);
    if (file.length !== bytes) return `${file.length} bytes, the manifest's filter needs ${bytes}`;
    for (let i = 0; i < HEADER.length; i++)
      if (file[i] !== HEADER[i]) return `schema is not ${REGISTRY_FILTER.schema}`;
    return new _MembershipFilter(file.subarray(HEADER.length), shape);
  }
  add(kind, key2) {
    const { bits, hashes } = this.shape;
    const h1 = idHash(kind, key2);
    const h2 = mix(h1) | 1;
    for (let i = 0; i < hashes; i++) {
      const bit = bitAt(h1, h2, i, bits);
      this.bytes[bit >>> 3] |= 1 << (bit & 7);
    }
  }
  /** False only when no link of this kind and key was added. */
  mayHave(kind, key2) {
    const { bits, hashes } = this.shape;
    const h1 = idHash(kind, key2);
    const h2 = mix(h1) | 1;
    for (let i = 0; i < hashes; i++) {
      const bit = bitAt(h1, h2, i, bits);
      if ((this.bytes[bit >>> 3] & 1 << (bit & 7)) === 0) return false;
    }
    return true;
  }
  /** The file's content: the header, then the bits. */
  toFile() {
    const file = new Uint8Array(HEADER.length + this.bytes.length);
    file.set(HEADER);
    file.set(this.bytes, HEADER.length);
    return file;
  }
};

// runtime/registry/shard-format.ts
function lineStart(kind, key2) {
  return `
{"kind":"${kind}","key":${JSON.stringify(key2)},`;
}
function recordLine(record) {
  if (opensWithKindAndKey(record)) return JSON.stringify(record);
  const { kind, key: key2, ...rest } = record;
  return JSON.stringify({ kind, key: key2, ...rest });
}
function opensWithKindAndKey(record) {
  let fields = 0;
  for (const name in record) {
    if (name !== (fields === 0 ? "kind" : "key")) return false;
    if (++fields === 2) return true;
  }
  return false;
}
var SHARD_KINDS = ["exact", "splat", "placeholder"];
function shardRecords(records) {
  const shard = { exact: [], splat: [], placeholder: [] };
  for (const record of records) shard[record.kind].push(record);
  return shard;
}
function shardCounts(shard) {
  const { exact, splat, placeholder } = shard;
  return { exact: exact.length, splat: splat.length, placeholder: placeholder.length };
}
var shardHeader = (shard) => shardHeaderFor(shardCounts(shard));
function shardHeaderFor(counts) {
  const header = { schema: SHARD_SCHEMA, exact: counts.exact, splat: counts.splat };
  if (counts.placeholder > 0) header.placeholder = counts.placeholder;
  return header;
}
function shardText(shard) {
  let text2 = JSON.stringify(shardHeader(shard));
  for (const kind of SHARD_KINDS)
    for (const record of shard[kind]) text2 += "\n" + recordLine(record);
  return text2 + "\n";
}
function shardHeaderProblem(text2) {
  const end = text2.indexOf("\n");
  let header = null;
  try {
    header = JSON.parse(end < 0 ? text2 : text2.slice(0, end));
  } catch {
    return "the first line is not JSON";
  }
  if (header?.schema !== SHARD_SCHEMA) return `schema is not ${SHARD_SCHEMA}`;
  if (!text2.endsWith("\n")) return "the last line is cut short";
  return null;
}
function findInShard(text2, kind, key2) {
  const start = text2.indexOf(lineStart(kind, key2));
  if (start < 0) return void 0;
  const end = text2.indexOf("\n", start + 1);
  return JSON.parse(text2.slice(start + 1, end));
}

// runtime/registry/sharded-links.ts
var WHOLE_REGISTRY_SHARDS = 64;
var RECORD_CACHE_LIMIT = 2e4;
var FILTER_RETRY_READS = 256;
var ShardedLinks = class {
  constructor(assets, manifest, filter) {
    this.assets = assets;
    this.manifest = manifest;
    this.filter = filter;
    this.splatDepths = manifest.splat_depths;
    this.placeholders = compilePlaceholders(manifest.placeholders ?? []);
    this.keepsShards = manifest.shard_count <= WHOLE_REGISTRY_SHARDS;
  }
  assets;
  manifest;
  filter;
  splatDepths;
  placeholders;
  shards = /* @__PURE__ */ new Map();
  records = /* @__PURE__ */ new Map();
  /** Shard reads since the filter's read was last started (-1: never started). */
  readsWithoutFilter = -1;
  /** Whether a lookup has found nothing yet: only then is the filter worth its read. */
  missed = false;
  /** Whether shard texts are kept: only when the whole registry fits (WHOLE_REGISTRY_SHARDS). */
  keepsShards;
  /**
   * The filter's read, once a lookup has missed, when it is missing and none was started (or the
   * last one was started FILTER_RETRY_READS shard reads ago); the worker runs it after its
   * response. Never rejects.
   */
  filterLoad() {
    if (this.filter || !this.missed) return void 0;
    if (this.readsWithoutFilter >= 0 && this.readsWithoutFilter < FILTER_RETRY_READS)
      return void 0;
    this.readsWithoutFilter = 0;
    const { path } = REGISTRY_FILTER;
    return readPrivateBytes(this.assets, path).then(
      (file) => {
        const filter = MembershipFilter.fromFile(file, {
          bits: this.manifest.filter_bits,
          hashes: this.manifest.filter_hashes
        });
        if (typeof filter === "string")
          console.error(`shortlinks: private file ${path}: ${filter}`);
        else this.filter = filter;
      },
      (error) => console.error(`shortlinks: ${String(error)}`)
    );
  }
  exact(key2) {
    return this.lookup("exact", key2);
  }
  splat(key2) {
    return this.lookup("splat", key2);
  }
  placeholder(key2) {
    return this.lookup("placeholder", key2);
  }
  /** Keeps a shard's text, read here or elsewhere (the warm-up's), if this registry keeps texts. */
  keep(index, text2) {
    if (this.keepsShards) this.shards.set(index, text2);
  }
  /** What this isolate holds now (for tests and benchmarks). */
  get cached() {
    return { shards: this.shards.size, records: this.records.size, filter: !!this.filter };
  }
  lookup(kind, key2) {
    const id = (kind === "exact" ? "e:" : kind === "splat" ? "s:" : "p:") + key2;
    const known = this.records.get(id);
    if (known !== void 0) {
      remember(this.records, id, known, RECORD_CACHE_LIMIT);
      return known ?? void 0;
    }
    if (this.filter && !this.filter.mayHave(kind, key2)) return void 0;
    return this.read(kind, key2, id);
  }
  async read(kind, key2, id) {
    const index = shardOf(key2, this.manifest.shard_count);
    if (!this.filter && this.readsWithoutFilter >= 0) this.readsWithoutFilter++;
    const text2 = this.shards.get(index) ?? await this.load(index);
    this.keep(index, text2);
    const found = findInShard(text2, kind, key2) ?? null;
    if (!found) this.missed = true;
    remember(this.records, id, found, RECORD_CACHE_LIMIT);
    return found ?? void 0;
  }
  async load(index) {
    const path = shardPath(index);
    const text2 = await readPrivateText(this.assets, path);
    const problem = shardHeaderProblem(text2);
    if (problem) throw new Error(`private file ${path}: ${problem}`);
    return text2;
  }
};

// runtime/registry/store.ts
async function loadRuntimeData(assets) {
  const [site, blocklist, manifest] = await Promise.all([
    readPrivateJson(assets, PRIVATE_ASSETS.siteConfig),
    readPrivateJson(assets, PRIVATE_ASSETS.blocklist),
    readPrivateJson(assets, PRIVATE_ASSETS.registry)
  ]);
  return {
    assets,
    site,
    blocklist,
    links: new ShardedLinks(assets, manifest),
    staticPaths: new Set(site.static_paths),
    pages: /* @__PURE__ */ new Map()
  };
}
async function loadHostLinks(assets, dir) {
  const below = assetsBelow(assets, dir);
  const manifest = await readPrivateJson(below, PRIVATE_ASSETS.registry);
  return new ShardedLinks(below, manifest);
}

// runtime/engine/hosts.ts
function requestHost(url) {
  const host = new URL(url).hostname;
  return host.endsWith(".") ? host.slice(0, -1) : host;
}
function hostView(instance, entry, links) {
  const own = Object.keys(entry.files ?? {});
  const origin = `${new URL(instance.site.base_url).protocol}//${entry.host}`;
  return {
    ...instance,
    site: { ...instance.site, base_url: origin },
    links,
    staticPaths: own.length > 0 ? /* @__PURE__ */ new Set([...instance.staticPaths, ...own]) : instance.staticPaths,
    domain: entry
  };
}
var views = /* @__PURE__ */ new WeakMap();
var registries = /* @__PURE__ */ new WeakMap();
async function hostData(data, url) {
  const domains = data.site.domains;
  if (domains === void 0) return data;
  let byHost = views.get(data);
  if (!byHost) views.set(data, byHost = /* @__PURE__ */ new Map());
  const host = requestHost(url);
  const known = byHost.get(host);
  if (known) return known;
  const entry = domains.find((d) => d.host === host);
  if (!entry) return null;
  const view = hostView(data, entry, await linksOf(data, entry.dir));
  if (!byHost.has(host)) byHost.set(host, view);
  return byHost.get(host);
}
async function linksOf(data, dir) {
  if (dir === "") return data.links;
  let byDir = registries.get(data);
  if (!byDir) registries.set(data, byDir = /* @__PURE__ */ new Map());
  const known = byDir.get(dir);
  if (known) return known;
  const links = await loadHostLinks(data.assets, dir);
  if (!byDir.has(dir)) byDir.set(dir, links);
  return byDir.get(dir);
}
function unlistedHost(request, site) {
  const path = new URL(request.url).pathname;
  return withHeaderRules(plainNotFound(), site, path, request.method === "HEAD");
}

// runtime/engine/handle.ts
var loaded2 = /* @__PURE__ */ new WeakMap();
async function runtimeData(env) {
  const cached = loaded2.get(env.ASSETS);
  if (cached) return cached;
  const data = await loadRuntimeData(env.ASSETS);
  if (!loaded2.has(env.ASSETS)) loaded2.set(env.ASSETS, data);
  return loaded2.get(env.ASSETS);
}
var answerCaches = /* @__PURE__ */ new WeakMap();
function answerCacheOf(data) {
  let cache2 = answerCaches.get(data);
  if (!cache2) answerCaches.set(data, cache2 = new AnswerCache());
  return cache2;
}
async function handleRequest(request, env, ctx) {
  let data;
  try {
    const whole = await runtimeData(env);
    const chosen = whole.site.domains === void 0 ? whole : await hostData(whole, request.url);
    if (chosen === null) return unlistedHost(request, whole.site);
    data = chosen;
  } catch (error) {
    console.error(`shortlinks: runtime files unavailable: ${String(error)}`);
    return baseline(plainText(503, "Service unavailable\n", { "retry-after": "30" }));
  }
  try {
    const readOnly = request.method === "GET" || request.method === "HEAD";
    const cache2 = answerCacheOf(data);
    const remembered = readOnly ? cache2.answer(request) : void 0;
    if (remembered) {
      if (remembered.event) sendAnalytics(request, env, ctx, remembered.event);
      readFilterAfter(data, ctx);
      return remembered.response;
    }
    const { response, event, resolution, sent } = await answerRequest(
      request,
      env,
      data,
      /* @__PURE__ */ new Date()
    );
    if (readOnly && sent) cache2.offer(request, resolution, sent, response, data.pages, event);
    if (event) sendAnalytics(request, env, ctx, event);
    readFilterAfter(data, ctx);
    return response;
  } catch (error) {
    console.error(
      `shortlinks: bug: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
    );
    return withHeaderRules(plainText(503, "Service unavailable\n"), data.site, "/");
  }
}
function readFilterAfter(data, ctx) {
  const load = data.links.filterLoad();
  if (load) ctx.waitUntil(load);
}
function baseline(draft) {
  const headers = { ...draft.headers, ...BASELINE_HEADERS, "x-generated-by": GENERATOR };
  return new Response(draft.body, { status: draft.status, headers });
}

// runtime/stats/warm-up.ts
var SCHEDULE = { label: "warm-up", start: "2000-01-01T00:00:00Z", end: "2100-01-01T00:00:00Z" };
var LINK = [
  "warm-up",
  0,
  "https://example.com/warm-up",
  302,
  0,
  0,
  1,
  SCHEDULE,
  "ops",
  ["a"]
];
var PAUSED = ["warm-up-paused", 0, "https://example.com/warm-up-paused", 302, 1, 0, 3];
var SPLAT2 = ["warm-up/*", 1, "https://example.com/warm-up", 302, 0, 0, 2];
var WARM_UP_PAGE = {
  schema: STATS_PAGE_SCHEMA,
  files: ["warm-up.yaml"],
  groups: [
    ["all", 0],
    ["ends", 3],
    ["kind:splat", 4],
    ["owner:ops", 5],
    ["starts", 6],
    ["state:paused", 7],
    ["tag:a", 8]
  ],
  rows: [LINK, PAUSED, SPLAT2, LINK, SPLAT2, LINK, LINK, PAUSED, LINK],
  spans: { anchor: "", counts: [] }
};
var WARM_UP_INDEX = {
  schema: STATS_INDEX_SCHEMA,
  case_sensitive: false,
  links: 3,
  states: { active: 2, paused: 1, retired: 0, disabled: 0, draft: 0 },
  kinds: { exact: 2, splat: 1 },
  owners: { count: 1, top: [["ops", 1]] },
  tags: { count: 1, top: [["a", 1]] },
  dense: ["kind:exact", "state:active"],
  pages: { first: [[0, ""]], starts: [0], empty: [[], []] },
  events: { starts: [6, 7], ends: [3, 4] }
};
var CALLS = [
  [linksAnswer, ""],
  [linksAnswer, "prefix=Warm&limit=1"],
  [linksAnswer, "state=active&limit=1"],
  [linksAnswer, "owner=ops"],
  [linksAnswer, "limit=0"],
  [eventsAnswer, "type=start&from=1999-01-01T00:00:00Z"],
  [eventsAnswer, "type=end&limit=1"],
  [summaryAnswer, ""]
];
async function warmUpStats() {
  try {
    const files = OperatorFiles.preloaded(WARM_UP_INDEX, [WARM_UP_PAGE]);
    const now = /* @__PURE__ */ new Date(0);
    let answers = 0;
    for (const [call, query] of CALLS) {
      const answer = await call(files, new URLSearchParams(query), now);
      JSON.stringify(answer.body);
      answers++;
      const next = answer.status === 200 && answer.body.next;
      if (!next) continue;
      const search = new URLSearchParams(query);
      search.set("cursor", next);
      await call(files, search, now);
      answers++;
    }
    return answers;
  } catch {
    return 0;
  }
}

// runtime/warm-up.ts
var SITE = {
  schema: SITE_CONFIG_SCHEMA,
  generator: "shortlinks/warm-up",
  base_url: "https://warm-up.invalid",
  default_lang: "en",
  case_sensitive: false,
  redirect_max_age: 0,
  code_host_api: "https://api.github.com",
  pages: [],
  static_paths: [],
  page_titles: {},
  header_rules: [{ pattern: "/*", set: { "X-Generated-By": "shortlinks/warm-up" }, unset: [] }],
  mandatory_headers: { "x-generated-by": "shortlinks/warm-up" }
};
var BLOCKLIST = {
  schema: BLOCKLIST_SCHEMA,
  probes: { prefixes: ["/wp-admin"], suffixes: [".php"], exact: ["/.env"], contains: ["/.git/"] },
  shorteners: ["bit.ly"],
  lure_domains: [],
  blocked_hosts: [],
  blocked_extensions: [".exe"]
};
var MANIFEST = {
  schema: REGISTRY_SCHEMA,
  case_sensitive: false,
  shard_count: 1,
  exact_count: 1,
  splat_count: 0,
  splat_depths: [],
  filter_bits: 64,
  filter_hashes: 7
};
var RECORD = {
  kind: "exact",
  slug: "warm-up",
  key: "warm-up",
  target: "https://example.com/warm-up",
  status: 302,
  state: "active",
  forward_query: false,
  file: "warm-up",
  line: 1
};
var NO_ASSETS = {
  fetch: () => Promise.reject(new Error("the warm-up reads no files"))
};
function warmUp(answer) {
  try {
    const filter = MembershipFilter.empty(filterShapeFor(1, 64, MANIFEST.filter_hashes));
    filter.add("exact", "warm-up");
    const links = new ShardedLinks(NO_ASSETS, MANIFEST, filter);
    links.keep(0, shardText(shardRecords([RECORD])));
    const data = {
      assets: NO_ASSETS,
      site: SITE,
      blocklist: BLOCKLIST,
      links,
      staticPaths: /* @__PURE__ */ new Set(),
      pages: /* @__PURE__ */ new Map()
    };
    const request = new Request("https://warm-up.invalid/warm-up");
    return answer(request, { ASSETS: NO_ASSETS }, data, /* @__PURE__ */ new Date(0)).then(
      ({ response }) => response.status,
      () => 0
    );
  } catch {
    return Promise.resolve(0);
  }
}

// runtime/worker.ts
var worker_default = {
  fetch(request, env, ctx) {
    return handleRequest(request, env, ctx);
  }
};
void warmUp(answerRequest);
void warmUpStats();
export {
  worker_default as default
};
