/**
 * The pin picker's choices: the organizer's published products (GET /api/roomSales?list=products),
 * read when the host first picks "Product" and kept while the controls stay mounted.
 */
import { useEffect, useState } from 'react';
import { ROOM_SALES_PATH, type PinProductList, type PinProductOption } from '#app/lib/roomSales/model';

export type PinProducts = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; products: PinProductOption[] };

export function usePinProducts(eventId: string, wanted: boolean): PinProducts {
  const [products, setProducts] = useState<PinProducts>({ state: 'idle' });
  const asked = products.state !== 'idle';
  useEffect(() => {
    if (!wanted || asked) return;
    setProducts({ state: 'loading' });
    void fetch(`${ROOM_SALES_PATH}?event=${encodeURIComponent(eventId)}&list=products`, { headers: { Accept: 'application/json' } })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        setProducts({ state: 'ready', products: ((await r.json()) as PinProductList).products });
      })
      .catch(() => setProducts({ state: 'failed' }));
  }, [eventId, wanted, asked]);
  return products;
}
