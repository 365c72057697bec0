/**
 * The room's donation alerts as they arrive on the chat socket (room notices): the newest few,
 * each once (a notice is keyed by its donation).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationAlert } from '#app/lib/donations/model';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { useOptionalChat } from '#app/components/chat/useChat';

const KEPT = 5;

export function useDonationAlerts(): DonationAlert[] {
  const chat = useOptionalChat();
  const [alerts, setAlerts] = useState<DonationAlert[]>([]);
  const onNotice = chat?.onNotice;
  useEffect(() => {
    if (!onNotice) return;
    return onNotice((notice) => {
      if (notice.kind !== 'donation') return;
      const donation = notice.donation;
      setAlerts((list) => (list.some((a) => a.donationId === donation.donationId) ? list : [...list, donation].slice(-KEPT)));
    });
  }, [onNotice]);
  return alerts;
}

/** "Ana donated $10.00: Great show!" in the reader's language and locale. */
export function useDonationText(): (alert: DonationAlert) => string {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  return (alert) => {
    const amount = formatMoney(alert.amount, locale);
    return alert.message ? t('chat.donation.alertWithMessage', { name: alert.donorName, amount, message: alert.message }) : t('chat.donation.alert', { name: alert.donorName, amount });
  };
}
