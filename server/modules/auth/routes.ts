import type { FastifyBaseLogger } from 'fastify';
import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v7 as uuidv7 } from 'uuid';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { hashPassword, timingDummyHash, verifyPassword } from '../../lib/passwords';
import { answers } from '../../lib/responses';
import { createThrottle } from '../../lib/throttle';
import {
  generateOtp,
  generateSecurityToken,
  hashOtp,
  hashSecurityToken,
  sameHash,
} from '../../lib/tokens';
import { createDeviceCookies } from './deviceCookie';
import { createAuthRepository, toAdminDto } from './repository';
import {
  changePasswordAnswer,
  changePasswordBody,
  forgotPasswordBody,
  getUserDataAnswer,
  loginAnswer,
  loginBody,
  resetPasswordBody,
  verifyOtpAnswer,
  verifyOtpBody,
} from './schemas';

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Sign-in limits (docs/security.md): guessing is bounded per client address, per address +
 * e-mail, and per account from browsers that never signed in to it. A browser holding the
 * account's device cookie is counted on its own, so guessing from elsewhere cannot keep the
 * owner out.
 */
const MAX_SIGN_IN_TRIES_PER_ADDRESS_AND_EMAIL = 10;
const MAX_SIGN_IN_TRIES_PER_ADDRESS = 30;
const MAX_SIGN_IN_TRIES_PER_ACCOUNT_FROM_UNKNOWN_BROWSERS = 10;
const MAX_SIGN_IN_TRIES_PER_DEVICE = 10;
const MAX_OTP_REQUESTS = 5;
const MAX_OTP_ATTEMPTS = 5;
const OTP_TTL_MS = 10 * 60 * 1000;
const SECURITY_TOKEN_TTL_MS = 15 * 60 * 1000;

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const TOO_MANY_FROM_UNKNOWN_BROWSERS =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again, ' +
  'or sign in from a browser you have signed in with before.';

const INVALID_OTP = 'The OTP is incorrect or has expired. Check the code or request a new one.';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAuthRepository(app.db);
  const throttle = createThrottle(app.db, WINDOW_MS);
  const devices = createDeviceCookies(app.config.jwtSecret);
  const pub = { access: 'public' as const };

  async function sessionFor(admin: { id: string; sessionVersion: number }) {
    return app.sessions.sign({ adminId: admin.id, sessionVersion: admin.sessionVersion });
  }

  /** Starts a recovery for an active admin's e-mail; unknown and inactive ones get nothing. */
  async function sendRecoveryOtp(email: string, log: FastifyBaseLogger) {
    const admin = await repo.findByEmail(email);
    if (!admin || admin.status !== 'Active') return;
    const otp = generateOtp();
    const id = uuidv7();
    await repo.createReset({
      id,
      adminId: admin.id,
      otpHash: hashOtp(app.config.jwtSecret, id, otp),
      otpExpiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
    await app.mailer.send(
      {
        to: admin.email,
        subject: 'Your password reset code',
        text:
          `Hello ${admin.name},\n\n` +
          `Your one-time password (OTP) is ${otp}.\n` +
          `It is valid for 10 minutes and can be used once.\n\n` +
          `If you did not ask to reset your password, you can ignore this e-mail.\n`,
      },
      log,
    );
  }

  app.post(
    '/login',
    {
      config: pub,
      schema: {
        body: loginBody,
        response: loginAnswer,
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const pairKey = `login:ip-email:${request.ip}:${email}`;
      const device = devices.read(request.headers.cookie, email);
      // The account's bucket for unknown browsers (the key its failures were counted under before).
      const accountKey = `login:email:${email}`;
      // The try is claimed before the password is checked, so parallel guesses count each.
      const { claim, refused } = await throttle.claim([
        { key: `login:ip:${request.ip}`, max: MAX_SIGN_IN_TRIES_PER_ADDRESS },
        { key: pairKey, max: MAX_SIGN_IN_TRIES_PER_ADDRESS_AND_EMAIL },
        device
          ? { key: `login:device:${device.nonce}`, max: MAX_SIGN_IN_TRIES_PER_DEVICE }
          : { key: accountKey, max: MAX_SIGN_IN_TRIES_PER_ACCOUNT_FROM_UNKNOWN_BROWSERS },
      ]);
      if (!claim) {
        if (refused.key !== accountKey) throw tooManyRequests(TOO_MANY_SIGN_INS);
        request.log.warn({ email }, 'sign-in refused: too many failures from unknown browsers');
        throw tooManyRequests(TOO_MANY_FROM_UNKNOWN_BROWSERS);
      }
      const admin = await repo.findByEmail(email);
      const matches = await verifyPassword(
        admin?.passwordHash ?? (await timingDummyHash()),
        password,
      );
      if (!admin || !matches) throw unauthorized('Invalid email or password.');
      // The right password: this try was no guess, and this address's earlier typos are forgiven.
      await throttle.release(claim);
      await throttle.clear(pairKey);
      if (admin.status !== 'Active') {
        throw forbidden('Your account is inactive. Please contact the super-admin.');
      }
      // This browser now knows the account (a fresh nonce each time, so the cookie is renewed).
      reply.header('set-cookie', devices.issue(email, request.protocol === 'https'));
      return ok('Logged in successfully!', {
        token: await sessionFor(admin),
        role: admin.role,
        user: toAdminDto(admin),
      });
    },
  );

  app.post(
    '/forgot-password',
    { config: pub, schema: { body: forgotPasswordBody, response: answers() } },
    async (request) => {
      const { email } = request.body;
      const { claim } = await throttle.claim([
        { key: `otp:email:${email}`, max: MAX_OTP_REQUESTS },
        { key: `otp:ip:${request.ip}`, max: MAX_OTP_REQUESTS * 4 },
      ]);
      if (!claim) {
        throw tooManyRequests('Too many OTP requests. Please wait 15 minutes and try again.');
      }
      // The account is looked up and the mail sent after the answer, so the answer takes as
      // long for an unknown e-mail as for an admin's (no account discovery by timing).
      app.background.run(
        'password recovery mail',
        () => sendRecoveryOtp(email, request.log),
        request.log,
      );
      return ok('If this e-mail belongs to an admin, an OTP has been sent to it.');
    },
  );

  app.post(
    '/verify-otp',
    {
      config: pub,
      schema: {
        body: verifyOtpBody,
        response: verifyOtpAnswer,
      },
    },
    async (request) => {
      const { email, otp } = request.body;
      const { claim } = await throttle.claim([
        { key: `otp-verify:ip:${request.ip}`, max: MAX_OTP_ATTEMPTS * 4 },
      ]);
      if (!claim) {
        throw tooManyRequests('Too many wrong OTPs. Please wait 15 minutes and try again.');
      }
      const attempt = await repo.claimOtpAttemptFor(email, MAX_OTP_ATTEMPTS);
      if (!attempt || !sameHash(attempt.otpHash, hashOtp(app.config.jwtSecret, attempt.id, otp))) {
        throw badRequest(INVALID_OTP);
      }
      await throttle.release(claim);
      const securityToken = generateSecurityToken();
      const exchanged = await repo.exchangeOtp(
        attempt.id,
        hashSecurityToken(securityToken),
        new Date(Date.now() + SECURITY_TOKEN_TTL_MS),
      );
      if (!exchanged) throw badRequest(INVALID_OTP);
      return ok('OTP verified successfully!', { securityToken, email });
    },
  );

  app.post(
    '/reset-password',
    {
      config: pub,
      schema: {
        body: resetPasswordBody,
        response: answers(),
      },
    },
    async (request) => {
      const { securityToken, password } = request.body;
      const admin = await repo.resetPassword(
        hashSecurityToken(securityToken),
        await hashPassword(password),
      );
      if (!admin) {
        throw badRequest(
          'This password reset has expired or was already used. Please request a new OTP.',
        );
      }
      app.sessionCache.forgetAdmin(admin.id);
      return ok('Password has been updated successfully');
    },
  );

  app.post(
    '/change-password',
    {
      config: { access: 'signedIn' },
      schema: {
        body: changePasswordBody,
        response: changePasswordAnswer,
      },
    },
    async (request) => {
      const admin = await repo.findById(request.admin!.id);
      if (!admin || !(await verifyPassword(admin.passwordHash, request.body.oldPassword))) {
        throw badRequest('The old password is incorrect.');
      }
      const updated = await repo.setPassword(
        admin.id,
        await hashPassword(request.body.newPassword),
      );
      app.sessionCache.forgetAdmin(admin.id);
      // The old token stops working; this session continues with a new one.
      return ok('Password Changed successfully!', { token: await sessionFor(updated) });
    },
  );

  // Additive: ends this session on the server, so the token stops working at once.
  app.post(
    '/logout',
    { config: { access: 'signedIn' }, schema: { response: answers() } },
    async (request) => {
      await repo.revokeSession(request.session!.tokenId, request.session!.expiresAt);
      app.sessionCache.forgetSession(request.session!.tokenId);
      return ok('Logged out successfully!');
    },
  );

  app.get(
    '/get-user-data',
    {
      config: { access: 'signedIn' },
      schema: { response: getUserDataAnswer },
    },
    async (request) => {
      const admin = await repo.findById(request.admin!.id);
      return ok('Admin details', { user: [toAdminDto(admin!)] });
    },
  );
};

export default authRoutes;
