import { AlertTriangle, RotateCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { MessageScreen } from './message-screen';

interface Props {
  /** The current path: moving to another screen clears the error, so the sidebar still leads somewhere. */
  resetKey: string;
  /** Outside the layout: the message is the page's main content. */
  landmark?: boolean;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * Catches what makes a screen fail to render, above all a screen's code chunk that no longer loads (a tab
 * opened before a rebuild asks for an old hashed file). The sidebar and header stay; the screen explains and
 * offers a reload, which fetches the current build.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const message = (
      <MessageScreen icon={AlertTriangle} title="This page could not be shown">
        <p className="text-sm text-muted-foreground">
          Part of HealthAssist failed to load, perhaps because it was updated while this page was open. Reloading
          usually fixes it; your data is safe.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" /> Reload
        </Button>
      </MessageScreen>
    );
    return this.props.landmark ? <main className="p-4">{message}</main> : message;
  }
}
