/** Local servers that speak each system's protocol with demo data (see README "Field-service sandboxes"). */
export {};
