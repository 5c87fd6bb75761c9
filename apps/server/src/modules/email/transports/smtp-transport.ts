import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { DeliveryResult, EmailTransport, OutgoingMail } from './transport.ts';

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpTransport(url: string, timeoutMs: number): EmailTransport {
  // nodemailer reads `url` (smtp:// or smtps://) next to the other SMTP options.
  const options = { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
  const transporter = nodemailer.createTransport(options as SMTPTransport.Options);
  return {
    name: 'smtp',
    async deliver(mail: OutgoingMail): Promise<DeliveryResult> {
      try {
        const info = await transporter.sendMail({
          from: { name: mail.from.name, address: mail.from.email },
          to: mail.to.name ? { name: mail.to.name, address: mail.to.email } : mail.to.email,
          subject: mail.subject,
          html: mail.html || undefined,
          text: mail.text,
          headers: mail.headers,
        });
        if (info.rejected.length > 0)
          return { status: 'rejected', reason: `Rejected by the SMTP server: ${info.response}` };
        return { status: 'sent' };
      } catch (error) {
        const err = error as { responseCode?: number; message: string };
        // 5xx replies are permanent (no such mailbox, policy); 4xx and network errors are not.
        if (err.responseCode && err.responseCode >= 500) return { status: 'rejected', reason: err.message };
        return { status: 'retry', reason: err.message };
      }
    },
    close: async () => transporter.close(),
  };
}
