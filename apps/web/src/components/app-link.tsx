import { type ComponentProps, forwardRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useLocalizePath } from '@/hooks/use-locale';
import { prefetchPath } from '@/lib/prefetch';

type LinkProps = ComponentProps<typeof Link>;

function useAppLinkProps<P extends Pick<LinkProps, 'to' | 'onMouseEnter' | 'onFocus' | 'onTouchStart'>>(
  props: P,
  raw?: boolean,
) {
  const localize = useLocalizePath();
  const to = typeof props.to === 'string' && !raw ? localize(props.to) : props.to;
  const warm = () => {
    if (typeof to === 'string') prefetchPath(to.split(/[?#]/)[0] ?? to);
  };
  return {
    ...props,
    to,
    onMouseEnter: (e: React.MouseEvent<HTMLAnchorElement>) => {
      warm();
      props.onMouseEnter?.(e);
    },
    onFocus: (e: React.FocusEvent<HTMLAnchorElement>) => {
      warm();
      props.onFocus?.(e);
    },
    onTouchStart: (e: React.TouchEvent<HTMLAnchorElement>) => {
      warm();
      props.onTouchStart?.(e);
    },
  };
}

export interface AppLinkProps extends LinkProps {
  /** `to` already carries its language prefix (don't add the current one). */
  raw?: boolean;
}

/**
 * A router link to an app path written without language prefix (`/login`): it adds the prefix of
 * the current language and warms the target's route chunk on hover/focus.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ raw, ...props }, ref) {
  return <Link ref={ref} {...useAppLinkProps(props, raw)} />;
});

export interface AppNavLinkProps extends ComponentProps<typeof NavLink> {
  raw?: boolean;
}

export const AppNavLink = forwardRef<HTMLAnchorElement, AppNavLinkProps>(function AppNavLink(
  { raw, ...props },
  ref,
) {
  return <NavLink ref={ref} {...useAppLinkProps(props, raw)} />;
});
