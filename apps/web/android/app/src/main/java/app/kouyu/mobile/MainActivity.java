package app.kouyu.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
