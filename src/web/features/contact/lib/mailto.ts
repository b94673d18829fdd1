export interface ContactMessage {
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Some mail programs (Outlook on Windows among them) cut or refuse `mailto:` links longer than about 2,000
 * characters; a longer message is better sent by hand than arriving truncated.
 */
export const MAILTO_MAX_LENGTH = 2000;

export function mailtoUrl(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Hands the link to the browser, which passes it to the visitor's mail program; false when it cannot. */
export function openMailProgram(url: string): boolean {
  if (url.length > MAILTO_MAX_LENGTH) return false;
  try {
    const link = document.createElement('a');
    link.href = url;
    link.click();
    return true;
  } catch {
    return false;
  }
}
