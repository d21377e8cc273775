/** /dispatch-board */
export { DispatchBoardPage as Component } from '../../features/dispatch-board/components/dispatch-board-page.tsx';
