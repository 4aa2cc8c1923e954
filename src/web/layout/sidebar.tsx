import { HeartPulse, Moon, Sun } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '../lib/cn';
import { useTheme } from '../lib/theme';
import { isActive, navItems } from './nav-items';

/** The sidebar's content, shared by the fixed desktop column and the mobile drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2 border-b px-5">
        <HeartPulse className="size-6 text-primary" aria-hidden="true" />
        <span className="text-lg font-semibold">HealthAssist</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {navItems.map(({ label, href, icon: Icon }) => {
            const active = isActive(href, location);
            return (
              <li key={href}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t p-3">
        <button
          type="button"
          onClick={() => setTheme(dark ? 'light' : 'dark')}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {dark ? <Sun className="size-4" aria-hidden="true" /> : <Moon className="size-4" aria-hidden="true" />}
          {dark ? 'Light Mode' : 'Dark Mode'}
        </button>
      </div>
    </div>
  );
}
