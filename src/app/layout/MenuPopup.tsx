/**
 * The header's dropdown menus (Radix DropdownMenu), loaded on the first open (Menus.tsx, decision 0023). Mounted open
 * when that first open asked for it; from then on Radix's own trigger opens and closes it.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from './AppLink';
import { Chevron, triggerClass } from './menuTrigger';
import type { NavItem } from './navItems';

const itemClass =
  'block rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-800';

export type OpenedBy = 'pointer' | 'keyboard';

export interface MenuProps { label: string; items: NavItem[]; href: (to: string) => string }

export function MenuPopup({ label, items, href, openedBy }: MenuProps & { openedBy: OpenedBy | null }) {
  const { t } = useTranslation('layout');
  const content = useRef<HTMLDivElement>(null);
  // Radix moves focus to the first item when a key opened the menu; the key that opened this one was pressed before
  // Radix was here to see it, so the first open does that itself, once the content has mounted and taken focus.
  useEffect(() => {
    if (openedBy !== 'keyboard') return;
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
    // Only the first open: later ones are Radix's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openedBy !== null}>
      <DropdownMenu.Trigger className={triggerClass}>
        {label}
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          ref={content}
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <AppLink to={href(item.to)} className={itemClass}>{t(item.label)}</AppLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
