import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ui } from '@repo/contracts';
import { CloseIcon, ExpandIcon, MutedIcon, PauseIcon, PlayIcon, ShrinkIcon, VolumeIcon } from '../../../components/icons.tsx';
import type { TeamMember } from '../content/team.ts';
import { seekFraction } from '../lib/video.ts';

export type VideoModalProps = { member: TeamMember; onClose: () => void };

/**
 * A team member's video in a modal dialog. Mounted afresh for every opening, so it starts at the beginning with a
 * loading spinner. A video that fails to load, or a play the browser refuses, shows Video Unavailable.
 */
export function VideoModal({ member, onClose }: VideoModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [unavailable, setUnavailable] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [progress, setProgress] = useState(0);
  const [controlsVisible, setControlsVisible] = useState(true);

  /** Shows the controls; while playing they hide again 3 s after the last pointer movement. */
  const revealControls = useCallback((isPlaying: boolean) => {
    setControlsVisible(true);
    window.clearTimeout(hideTimer.current);
    if (isPlaying) hideTimer.current = window.setTimeout(() => setControlsVisible(false), ui.controlsAutoHideMs);
  }, []);

  useEffect(() => {
    const element = video.current;
    dialog.current?.showModal();
    if (!element) return;
    element.currentTime = 0;
    element.play().catch(() => setUnavailable(true));
    return () => window.clearTimeout(hideTimer.current);
  }, []);

  useEffect(() => {
    const onFullscreenChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => document.removeEventListener('fullscreenchange', onFullscreenChange);
  }, []);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setUnavailable(true));
    else element.pause();
  };

  const toggleMuted = () => {
    if (video.current) video.current.muted = !video.current.muted;
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };

  const seekTo = (fraction: number) => {
    const element = video.current;
    if (!element || !Number.isFinite(element.duration)) return;
    element.currentTime = fraction * element.duration;
    setProgress(fraction);
  };

  const onProgressClick = (event: MouseEvent<HTMLDivElement>) => {
    seekTo(seekFraction(event.clientX, event.currentTarget.getBoundingClientRect()));
  };

  const onProgressKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 0.05, ArrowUp: 0.05, ArrowLeft: -0.05, ArrowDown: -0.05 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    seekTo(Math.min(1, Math.max(0, progress + step)));
  };

  const ready = () => setLoading(false);
  const titleId = `video-title-${member.id}`;

  return (
    <dialog ref={dialog} className="video-modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="video-modal__header">
        <h2 id={titleId}>
          {member.name} <span>· {member.role}</span>
        </h2>
        <button type="button" className="icon-button icon-button--dark" aria-label="Close video" onClick={() => dialog.current?.close()}>
          <CloseIcon />
        </button>
      </div>
      <div
        ref={frame}
        className="video-frame"
        data-fullscreen={fullscreen}
        onPointerMove={() => revealControls(playing)}
        onFocus={() => revealControls(false)}
      >
        {unavailable ? (
          <div className="video-unavailable" role="alert">
            <h3>Video Unavailable</h3>
            <p>This video testimonial is currently being prepared for upload.</p>
          </div>
        ) : (
          <>
            <video
              ref={video}
              src={member.videoUrl}
              poster={member.thumbnail}
              playsInline
              preload="metadata"
              onLoadedMetadata={ready}
              onLoadedData={ready}
              onError={() => setUnavailable(true)}
              onPlay={() => {
                setPlaying(true);
                revealControls(true);
              }}
              onPause={() => {
                setPlaying(false);
                revealControls(false);
              }}
              onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
              onTimeUpdate={(event) => {
                const { currentTime, duration } = event.currentTarget;
                if (Number.isFinite(duration) && duration > 0) setProgress(currentTime / duration);
              }}
            >
              {/* Shown from the start: the soundtrack has no speech, so the captions are what the person says. */}
              <track kind="captions" src={member.captionsUrl} srcLang="en" label="English" default />
            </video>
            {loading ? (
              <div className="video-spinner" role="status">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">Loading video</span>
              </div>
            ) : null}
            <div className="video-controls" data-hidden={!controlsVisible}>
              <button type="button" className="icon-button icon-button--dark" aria-label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
                {playing ? <PauseIcon /> : <PlayIcon />}
              </button>
              <div
                className="video-progress"
                role="slider"
                tabIndex={0}
                aria-label="Video progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                aria-valuetext={`${Math.round(progress * 100)}%`}
                onClick={onProgressClick}
                onKeyDown={onProgressKey}
              >
                <span className="video-progress__bar" style={{ width: `${progress * 100}%` }} />
              </div>
              <button
                type="button"
                className="icon-button icon-button--dark"
                aria-label={muted ? 'Unmute' : 'Mute'}
                onClick={toggleMuted}
              >
                {muted ? <MutedIcon /> : <VolumeIcon />}
              </button>
              <button
                type="button"
                className="icon-button icon-button--dark"
                aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
                onClick={toggleFullscreen}
              >
                {fullscreen ? <ShrinkIcon /> : <ExpandIcon />}
              </button>
            </div>
          </>
        )}
      </div>
      <blockquote className="video-modal__quote">
        <p>“{member.quote}”</p>
      </blockquote>
    </dialog>
  );
}
